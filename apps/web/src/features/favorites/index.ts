/** Favorites: what other features may use (the heart's state, the cache kept in step with realtime events). */
export { favoritesKey, refreshFavorites, showFavorite } from './favorites-query.js';
export { useFavoritesSync } from './use-favorites-sync.js';
export { useFavoriteToggle, useIsFavorite } from './use-favorites.js';
