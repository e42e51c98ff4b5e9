import { SearchScreen } from '../../features/search/search-screen.js';

/** Search (SPEC#search-text-box-placeholder). */
export function SearchRoute() {
  return <SearchScreen />;
}
