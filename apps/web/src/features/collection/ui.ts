/** Collections' parts for other screens (a user playlist is shown as a collection). */
export { CollectionScreen } from './collection-screen.js';
