import { LibraryScreen } from '../../features/library/library-screen.js';

/** SPEC#library-title-your-library (/library). */
export function LibraryRoute() {
  return <LibraryScreen />;
}
