/** Video mode: what other features may use (a song's video and its cache). The player's parts are in ui.ts. */
export { forgetSongVideo, readSongVideo, writeSongVideo } from './song-video-cache.js';
export { songVideoKey, songVideoQuery } from './song-video.js';
