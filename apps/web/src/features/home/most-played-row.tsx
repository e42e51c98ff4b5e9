import { useQuery } from '@tanstack/react-query';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { songsByIdsQuery } from '../../shared/lib/catalogue-queries.js';
import { useSessionUser } from '../auth/index.js';
import { historyQuery, mostPlayed } from '../history/index.js';
import { commands, usePlayerStore } from '../player/index.js';
import { HomeSection, HorizontalList } from './home-section.js';
import { SongTile } from './song-tile.js';

/** Most played: the signed-in listener's 10 most played songs, from their History (any device). */
export function MostPlayedRow() {
  const user = useSessionUser();
  const backend = useBackend();
  const catalogue = useCatalogue();
  const history = useQuery({ ...historyQuery(backend, user?.$id ?? ''), enabled: !!user }).data ?? [];
  const ids = mostPlayed(history, 10);
  const songs = useQuery(songsByIdsQuery(catalogue, ids)).data;
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  if (!user || !songs || songs.length === 0) return null;
  return (
    <HomeSection id="most-played" title="Most played">
      <HorizontalList>
        {songs.map((song, i) => (
          <li key={song.id} className="w-36 shrink-0 snap-start">
            <SongTile song={song} isCurrent={song.id === currentId} onPlay={() => commands.playListRow(songs, i)} />
          </li>
        ))}
      </HorizontalList>
    </HomeSection>
  );
}
