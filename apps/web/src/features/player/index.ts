/**
 * The player: what other features may use (the queue's state, its commands,
 * the running engine and the listening preferences). It is in the start-up
 * chunk, so it re-exports no React parts; those are in ui.ts.
 */
export { addToQueueElsewhere, commands } from './commands.js';
export { useCurrentSong, usePlayerStore } from './player-store.js';
export { playbackElement, playerEngine, songsLeftLibrary } from './player-runtime.js';
export { holdForRoom } from './room-hold.js';
export { readLoudnessMode, setLoudnessMode } from './loudness-storage.js';
export { onCrossfadeChange, readCrossfadeS, setCrossfadeS } from './crossfade-storage.js';
export { onAudioQualityChange, readAudioQuality, setAudioQuality } from './quality-storage.js';
