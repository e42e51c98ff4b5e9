/** The Profile's parts for other screens. */
export { LoudnessSelect } from './loudness-select.js';
