/** Offline listening's parts for other screens (kept apart from index.ts, which the player loads at start). */
export { OfflineButton } from './offline-button.js';
export { DownloadsSection } from './downloads-section.js';
export { DownloadQualitySelect } from './download-quality-select.js';
