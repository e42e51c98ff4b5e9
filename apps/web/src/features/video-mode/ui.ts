/**
 * Video mode's parts for the player (the player screen's cover, the flame on
 * the transport controls), kept apart from index.ts, which the app loads at start.
 */
export { useFlame } from './use-flame.js';
export { VideoCover } from './video-cover.js';
