/** Offline listening: what other features may use. */
export { audioUrl as keptAudioUrl } from './offline-audio.js';
export { isKeptOffline, useOfflineStore } from './offline-store.js';
export { makeAvailableOffline, pauseDownload, removeOffline, OFFLINE_QUALITY, type CollectionRef } from './download-manager.js';
export { collectionKey } from './offline-index.js';
export { OfflineButton } from './offline-button.js';
export { DownloadsSection } from './downloads-section.js';
export { DownloadQualitySelect } from './download-quality-select.js';
