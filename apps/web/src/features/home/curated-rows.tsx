import type { HomeRows } from '@lyra/contracts/catalogue';
import { CuratedSongRow } from './curated-song-row.js';
import { PlaylistRow } from './playlist-row.js';
import { QuickPicks } from './quick-picks.js';

/**
 * The rows of GET /api/home/rows in the server's order (Top Hits, English hots,
 * Most Searched, the artist row, the language row, Quick Picks, playlist rows
 * by default). A carousel row is Quick Picks.
 */
export function CuratedRows({ data }: { data: HomeRows }) {
  return (
    <>
      {data.rows.map((row, i) => {
        if (row.kind === 'playlists') return <PlaylistRow key={row.id} row={row} />;
        if (row.layout === 'carousel') return <QuickPicks key={row.id} title={row.title} ready />;
        // The first row is on the first screen; the others render when near it or when idle.
        return <CuratedSongRow key={row.id} row={row} deferred={i > 0} />;
      })}
    </>
  );
}
