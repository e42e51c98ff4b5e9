/** Video requests: what other features may use. */
export { useVideoRequestAction } from './use-video-request.js';
