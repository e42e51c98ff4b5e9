/**
 * Offline listening: what other features may use. The player's start-up needs only the
 * audio and the index; downloading is loaded when something is first kept or followed,
 * and the screens' parts (and the rules for reading kept copies) are in ui.ts.
 */
import type * as DownloadManager from './download-manager.js';

export { audioUrl as keptAudioUrl, OFFLINE_CACHE } from './offline-audio.js';
export { isKeptOffline, useOfflineStore } from './offline-store.js';
export { collectionKey } from './offline-index.js';
export type { CollectionRef } from './download-manager.js';

const downloads = () => import('./download-manager.js');

/** Keeps `songs` on the device as `ref` (download-manager.ts). */
export const makeAvailableOffline: typeof DownloadManager.makeAvailableOffline = async (...args) => (await downloads()).makeAvailableOffline(...args);
/** Brings a kept collection in step with its songs (download-manager.ts). */
export const followCollection: typeof DownloadManager.followCollection = async (...args) => (await downloads()).followCollection(...args);
/** Removes a kept collection from the device (download-manager.ts). */
export const removeOffline: typeof DownloadManager.removeOffline = async (...args) => (await downloads()).removeOffline(...args);
