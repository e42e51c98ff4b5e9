/** The Radio screen (its own route chunk). */
export { RadioScreen } from './radio-screen.js';
