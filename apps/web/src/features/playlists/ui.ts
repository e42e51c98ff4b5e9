/** Playlists' parts for the player ("Add to playlist", its "More options" menu); Library's parts are in lazy.ts, loaded with Library only. */
export { AddToPlaylistMenu } from './add-to-playlist-menu.js';
export { AddToPlaylistItem, MENU_ITEM, MENU_PANEL, OfflineItem } from './song-menu-items.js';
