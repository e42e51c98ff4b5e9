import { useQuery } from '@tanstack/react-query';
import type { Song } from '@lyra/contracts/catalogue';
import { useParams } from 'react-router';
import { commands } from '../../features/player/commands.js';
import { usePlayerStore } from '../../features/player/player-store.js';
import { albumQuery, artistQuery, playlistQuery } from '../../shared/lib/catalogue-queries.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { coverUrl, decodeEntities } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { SongRow } from '../../shared/ui/song-row.js';

/** The shared album / playlist / artist screen (SPEC §2), plain for now: a row tap plays it plus the next 9. */
function Collection({ name, image, songs, isPending }: { name?: string; image?: Song['image']; songs: Song[]; isPending: boolean }) {
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  return (
    <section className="px-2">
      <div className="flex items-end gap-4 pb-4">
        <CoverImage src={coverUrl(image)} size={128} className="size-32 rounded-xl" priority />
        <h1 className="text-2xl font-bold">{name ? decodeEntities(name) : isPending ? 'Loading…' : ''}</h1>
      </div>
      {!isPending && songs.length === 0 ? (
        <p className="text-muted">No songs available</p>
      ) : (
        <ul>
          {songs.map((song, i) => (
            <SongRow
              key={song.id}
              song={song}
              isCurrent={song.id === currentId}
              onPlay={() => commands.playListRow(songs, i)}
              onAddToQueue={() => commands.addToQueue(song)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

export function AlbumRoute() {
  const { id = '' } = useParams();
  const { data, isPending } = useQuery(albumQuery(useCatalogue(), id));
  return <Collection name={data?.name} image={data?.image} songs={data?.songs ?? []} isPending={isPending} />;
}

export function PlaylistRoute() {
  const { id = '' } = useParams();
  const { data, isPending } = useQuery(playlistQuery(useCatalogue(), id));
  return <Collection name={data?.name} image={data?.image} songs={data?.songs ?? []} isPending={isPending} />;
}

export function ArtistRoute() {
  const { id = '' } = useParams();
  const { data, isPending } = useQuery(artistQuery(useCatalogue(), id));
  return <Collection name={data?.name} image={data?.image} songs={data?.topSongs ?? []} isPending={isPending} />;
}
