import { usePrefetchQuery } from '@tanstack/react-query';
import { Suspense, use } from 'react';
import { knownPromise } from '../../shared/lib/known-promise.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { currentUser, useSessionUser } from '../auth/index.js';
import { EmptyLibraryNote } from './empty-library-note.js';
import { cachedHomeRowsQuery } from './home-queries.js';
import { RecentPlaysRow } from './recent-plays-row.js';
import { SpeedListGrid } from './speed-list-grid.js';

// Started at once (not on first render), so the rows' chunk loads while the top paints.
// Start-up waits for it on Home, and then the first render shows the rows without suspending.
export const homeBelowFoldLoaded = knownPromise(import('./home-below-fold.js'));

// A signed-in listener's rows: started at once when someone is signed in on this device
// (start-up waits for them on Home, as for the rows below), else only if someone signs in.
let accountRows: Promise<typeof import('./account-rows.js')> | null = null;
const loadAccountRows = () => (accountRows ??= knownPromise(import('./account-rows.js')));
export const accountRowsLoaded = currentUser() ? loadAccountRows() : null;

function AccountRow({ row }: { row: 'ContinueListening' | 'FavoritesRow' | 'MostPlayedRow' }) {
  const Row = use(loadAccountRows())[row];
  return <Row />;
}

function BelowFold() {
  const { HomeBelowFold } = use(homeBelowFoldLoaded);
  return <HomeBelowFold />;
}

export const greeting = (hour: number): string => (hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening');

/**
 * Home (SPEC#home-top-bottom-shown, SPEC#home-addition-personal-library), top to bottom: greeting, on a server without songs how to point it at
 * music (EmptyLibraryNote), Continue listening (signed in, from
 * another device or session), Recent Plays, Favorites and Most played (signed in),
 * Speed List, then Video Previews, Suggested for You and the curated rows.
 */
export function HomeScreen() {
  // The rows are asked for now, while their chunk is still loading.
  usePrefetchQuery(cachedHomeRowsQuery(useCatalogue()));
  const signedIn = useSessionUser() !== null;
  return (
    <>
      <h1 className="px-2 pt-2 pb-3 text-2xl font-bold">{greeting(new Date().getHours())}</h1>
      <EmptyLibraryNote />
      {signedIn && (
        <Suspense fallback={null}>
          <AccountRow row="ContinueListening" />
        </Suspense>
      )}
      <RecentPlaysRow />
      {signedIn && (
        <Suspense fallback={null}>
          <AccountRow row="FavoritesRow" />
          <AccountRow row="MostPlayedRow" />
        </Suspense>
      )}
      <SpeedListGrid />
      {/* While the rows' chunk loads: the room of the first two rows, so nothing jumps. */}
      <Suspense fallback={<div aria-hidden className="h-[480px]" />}>
        <BelowFold />
      </Suspense>
    </>
  );
}
