import { usePrefetchQuery } from '@tanstack/react-query';
import { Suspense, use } from 'react';
import { knownPromise } from '../../shared/lib/known-promise.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { FavoritesRow } from '../favorites/ui.js';
import { ContinueListening } from './continue-listening.js';
import { EmptyLibraryNote } from './empty-library-note.js';
import { cachedHomeRowsQuery } from './home-queries.js';
import { MostPlayedRow } from './most-played-row.js';
import { RecentPlaysRow } from './recent-plays-row.js';
import { SpeedListGrid } from './speed-list-grid.js';

// Started at once (not on first render), so the rows' chunk loads while the top paints.
// Start-up waits for it on Home, and then the first render shows the rows without suspending.
export const homeBelowFoldLoaded = knownPromise(import('./home-below-fold.js'));

function BelowFold() {
  const { HomeBelowFold } = use(homeBelowFoldLoaded);
  return <HomeBelowFold />;
}

export const greeting = (hour: number): string => (hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening');

/**
 * Home (SPEC §2), top to bottom: greeting, on a server without songs how to point it at
 * music (EmptyLibraryNote), Continue listening (signed in, from
 * another device or session), Recent Plays, Favorites and Most played (signed in),
 * Speed List, then Video Previews, Suggested for You and the curated rows.
 */
export function HomeScreen() {
  // The rows are asked for now, while their chunk is still loading.
  usePrefetchQuery(cachedHomeRowsQuery(useCatalogue()));
  return (
    <>
      <h1 className="px-2 pt-2 pb-3 text-2xl font-bold">{greeting(new Date().getHours())}</h1>
      <EmptyLibraryNote />
      <ContinueListening />
      <RecentPlaysRow />
      <FavoritesRow />
      <MostPlayedRow />
      <SpeedListGrid />
      {/* While the rows' chunk loads: the room of the first two rows, so nothing jumps. */}
      <Suspense fallback={<div aria-hidden className="h-[480px]" />}>
        <BelowFold />
      </Suspense>
    </>
  );
}
