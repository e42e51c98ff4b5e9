import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { CuratedRows } from './curated-rows.js';
import { cachedHomeRowsQuery } from './home-queries.js';
import { useHomeSlots } from './home-slots.js';
import { LibraryAlbumRows } from './library-album-rows.js';
import { SuggestedForYou } from './suggested-for-you.js';

/** Where the curated rows will be, the height of one row, while they load. */
const RowsPlaceholder = () => (
  <div aria-busy="true" aria-label="Loading songs" role="status" className="mb-6 h-[236px] px-2">
    <div className="h-7 w-32 animate-pulse rounded bg-raised motion-reduce:animate-none" />
  </div>
);

/**
 * Home from Video Previews down (SPEC#home-top-bottom-shown order), then the library's album rows
 * (Recently added, Most played albums, Random albums): its own chunk, so the
 * first one holds only the top of Home.
 */
export function HomeBelowFold() {
  const query = useQuery(cachedHomeRowsQuery(useCatalogue()));
  // Rows render at background priority, in short slices, after the data arrives.
  const data = useDeferredValue(query.data);
  const settled = query.isSuccess || query.isError;
  const { videoPreviews } = useHomeSlots();
  return (
    <>
      {videoPreviews?.({ featuredSongId: query.data?.featuredSongId ?? null, ready: settled })}
      <SuggestedForYou />
      {data ? <CuratedRows data={data} /> : query.isPending ? <RowsPlaceholder /> : null}
      {/* After SPEC's rows: the album rows a personal library expects. */}
      {settled && <LibraryAlbumRows />}
    </>
  );
}
