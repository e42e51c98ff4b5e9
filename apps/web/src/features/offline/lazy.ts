/**
 * Offline's rules for screens loaded on demand (a kept album's page, Search with no network):
 * apart from index.ts, which the player loads at start, and from ui.ts's downloading parts.
 */
export { findKeptSongs, keptCollectionView, noAnswer, showsKeptCopy, type CatalogueReadState, type KeptCollectionView } from './offline-read.js';
