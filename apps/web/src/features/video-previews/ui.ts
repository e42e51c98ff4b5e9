/** Video previews' parts for other screens (Home's row). */
export { VideoPreviewsRow } from './video-previews-row.js';
