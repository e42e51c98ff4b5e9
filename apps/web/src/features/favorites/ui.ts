/** Favorites' parts for other screens (Home's row). */
export { FavoritesRow } from './favorites-row.js';
