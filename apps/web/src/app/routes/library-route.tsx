import { useEffect } from 'react';
import { LibraryScreen } from '../../features/library/library-screen.js';

/**
 * SPEC#library-title-your-library (/library). The lists' route is read while Library is on screen
 * (the lists' own code and first pages are, library-prefetch.ts), so a tap on a chip waits for none of it.
 */
export function LibraryRoute() {
  useEffect(() => {
    void import('./library-browse-route.js');
  }, []);
  return <LibraryScreen />;
}
