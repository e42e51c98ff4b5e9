/** The Share page of a public share link (its own route chunk). */
export { ShareScreen } from './share-screen.js';
