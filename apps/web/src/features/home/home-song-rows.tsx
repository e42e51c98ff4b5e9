import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { HomeSongRow } from '@lyra/contracts/catalogue';
import { homeRowsQuery } from '../../shared/lib/catalogue-queries.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { SongRow } from '../../shared/ui/song-row.js';
import { commands } from '../player/commands.js';
import { usePlayerStore } from '../player/player-store.js';

/** The server's song rows as plain lists: a tap queues the song plus the next 9 and plays. */
export function HomeSongRows() {
  const catalogue = useCatalogue();
  const query = useQuery(homeRowsQuery(catalogue));
  // The lists render at background priority, in short slices, after the data arrives.
  const data = useDeferredValue(query.data);
  const isPending = data === undefined && !query.isError;
  const isError = query.isError;
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  if (isPending) return <p className="px-2 text-muted">Loading songs…</p>;
  if (isError || !data) return <p className="px-2 text-muted">Songs are not available right now.</p>;
  const rows = data.rows.filter((r): r is HomeSongRow => r.kind === 'songs' && r.songs.length > 0);
  if (rows.length === 0) return <p className="px-2 text-muted">No songs in the library yet.</p>;
  return (
    <>
      {rows.map((row) => (
        <section key={row.id} aria-labelledby={`row-${row.id}`} className="mb-6">
          <h2 id={`row-${row.id}`} className="px-2 pb-2 text-lg font-semibold">
            {row.title}
          </h2>
          <ul>
            {row.songs.map((song, i) => (
              <SongRow
                key={song.id}
                song={song}
                isCurrent={song.id === currentId}
                onPlay={() => commands.playListRow(row.songs, i)}
                onAddToQueue={() => commands.addToQueue(song)}
              />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
