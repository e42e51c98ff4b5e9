/**
 * Offline listening: what other features may use. Its screens' parts are in
 * ui.ts, so the player's start-up (which needs only the audio and the index)
 * does not load them.
 */
export { audioUrl as keptAudioUrl, OFFLINE_CACHE } from './offline-audio.js';
export { isKeptOffline, useOfflineStore } from './offline-store.js';
export { followCollection, makeAvailableOffline, pauseDownload, removeOffline, OFFLINE_QUALITY, type CollectionRef } from './download-manager.js';
export { collectionKey } from './offline-index.js';
export { findKeptSongs, keptCollectionView, noAnswer, showsKeptCopy, type CatalogueReadState, type KeptCollectionView } from './offline-read.js';
