import { SearchScreen } from '../../features/search/search-screen.js';

/** Search (SPEC §2). */
export function SearchRoute() {
  return <SearchScreen />;
}
