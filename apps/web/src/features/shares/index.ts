/** Public share links: the addresses the app shell lets through without signing in. */
export { isSharePath } from './share-path.js';
