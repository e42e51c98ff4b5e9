/** The player's parts for other screens (video mode shows the transport controls over the video). */
export { TransportControls } from './components/transport-controls.js';
