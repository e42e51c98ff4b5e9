/** Song download: what other features may use. */
export { useDownloadAction } from './use-download.js';
