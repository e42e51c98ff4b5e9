import { useQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useParams } from 'react-router';
import { CatalogueError } from '../../shared/lib/catalogue-client.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { commands } from '../player/index.js';
import { shareQuery } from './share-query.js';
import { expiryLabel, sharedSongToSong, type SharedSong } from './shared-songs.js';

/** The server's own words for a link that is gone (404) or expired (410); any other failure gets ours. */
const failureText = (error: unknown): string =>
  error instanceof CatalogueError && (error.status === 404 || error.status === 410) ? error.message : 'This share could not be loaded.';

/**
 * Share (/share/{id}): the songs a share link holds, with its description and
 * expiry, and Play, which plays them in order as the queue. Open to anyone
 * with the link, also on a private server (the shell lets /share/* through).
 */
export function ShareScreen() {
  const { id = '' } = useParams();
  const catalogue = useCatalogue();
  const { data, isPending, error } = useQuery(shareQuery(catalogue, id));
  return (
    <section className="px-2">
      <h1 className="pt-2 pb-1 text-2xl font-bold">Shared with you</h1>
      {isPending ? (
        <p className="text-muted">Loading shared songs…</p>
      ) : error ? (
        <p role="alert" className="text-muted">
          {failureText(error)}
        </p>
      ) : (
        <>
          {data.description ? <p className="pb-1 text-white/85">{data.description}</p> : null}
          {expiryLabel(data.expires) ? <p className="pb-2 text-sm text-muted">{expiryLabel(data.expires)}</p> : null}
          <button
            type="button"
            disabled={data.songs.length === 0}
            onClick={() => commands.playAll(data.songs.map(sharedSongToSong))}
            className="my-3 inline-flex items-center gap-2 rounded-full bg-accent px-5 py-2 font-semibold text-white disabled:opacity-50"
          >
            <Play className="size-5 fill-white" aria-hidden /> Play
          </button>
          <ul className="flex flex-col gap-2" aria-label="Shared songs">
            {data.songs.map((s, i) => (
              <SharedSongRow key={s.id} song={s} onPlay={() => commands.playListAt(data.songs.map(sharedSongToSong), i)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SharedSongRow({ song, onPlay }: { song: SharedSong; onPlay: () => void }) {
  return (
    <li>
      <button type="button" onClick={onPlay} aria-label={`Play ${song.title}`} className="flex w-full items-center gap-3 rounded-xl bg-panel p-2 text-left hover:bg-raised">
        <CoverImage src={song.image} alt="" size={48} className="size-12 shrink-0 rounded-lg object-cover" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{song.title}</span>
          <span className="block truncate text-sm text-muted">{song.artist}</span>
        </span>
      </button>
    </li>
  );
}
