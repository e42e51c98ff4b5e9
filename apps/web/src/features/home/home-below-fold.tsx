import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { VideoPreviewsRow } from '../video-previews/video-previews-row.js';
import { CuratedRows } from './curated-rows.js';
import { cachedHomeRowsQuery } from './home-queries.js';
import { SuggestedForYou } from './suggested-for-you.js';

/**
 * Home from Video Previews down (SPEC §2 order): its own chunk, so the first
 * one holds only the top of Home.
 */
export function HomeBelowFold() {
  const query = useQuery(cachedHomeRowsQuery(useCatalogue()));
  // Rows render at background priority, in short slices, after the data arrives.
  const data = useDeferredValue(query.data);
  const settled = query.isSuccess || query.isError;
  return (
    <>
      {settled ? <VideoPreviewsRow featuredSongId={query.data?.featuredSongId ?? null} /> : null}
      <SuggestedForYou />
      {data ? <CuratedRows data={data} /> : query.isPending ? <p className="px-2 text-muted">Loading songs…</p> : null}
    </>
  );
}
