/** Lyrics: what other features may use. */
export { LyricsPanel } from './lyrics-panel.js';
