/** Playlists' parts for the player ("Add to playlist"); Library's parts are in lazy.ts, loaded with Library only. */
export { AddToPlaylistMenu } from './add-to-playlist-menu.js';
