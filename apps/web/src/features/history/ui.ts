/** History's parts for other screens (kept apart from index.ts, which the app loads at start). */
export { HistorySection } from './history-section.js';
