/** Home's parts for other features' rows on the Home screen. */
export { HomeSection, HorizontalList } from './home-section.js';
export { FIRST_SCREEN_TILES, SongTile } from './song-tile.js';
