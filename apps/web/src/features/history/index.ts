/** History and resume: what other features may use (Library's section is in ui.ts, loaded with Library). */
export { fetchHistory, recordPlay, type HistoryEntry } from './history-api.js';
export { groupByDay, mostPlayed } from './group-by-day.js';
export { historyKey, historyQuery, nowPlayingQuery } from './history-queries.js';
export { readNowPlaying, type NowPlaying } from './now-playing-prefs.js';
export { useHistoryRecorder } from './use-history-recorder.js';
