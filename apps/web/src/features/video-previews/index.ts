/** Video previews: what other features may use (the preview documents' rules). */
export { PREVIEWS, toPreviewEntries, type VideoPreviewEntry } from './preview-rules.js';
