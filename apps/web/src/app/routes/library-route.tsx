import { LibraryScreen } from '../../features/library/library-screen.js';

/** SPEC §2 Library (/library). */
export function LibraryRoute() {
  return <LibraryScreen />;
}
