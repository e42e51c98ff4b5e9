/**
 * The sizes Library's long lists are drawn at, and from them how many items the window's first
 * screen shows: the first request of a list asks for those alone (`PageQuery.head`), so its first
 * rows wait for a short answer instead of a whole page.
 */

export const GAP_PX = 16;
/** Album tiles are at least this wide: 2 across a phone, 6 or 7 across a desktop. */
export const MIN_TILE_PX = 150;
/** Name and artist under each cover. */
export const CAPTION_PX = 52;
export const SONG_ROW_PX = 60;
export const ARTIST_ROW_PX = 68;

/** How many album tiles fit across `width`, and how wide each is. */
export function gridColumns(width: number): { columns: number; tile: number } {
  const columns = Math.max(2, Math.floor((width + GAP_PX) / (MIN_TILE_PX + GAP_PX)));
  return { columns, tile: width > 0 ? (width - GAP_PX * (columns - 1)) / columns : MIN_TILE_PX };
}

/** Rounded up to this, so a window a few pixels different asks for the same first screenful. */
const STEP = 8;

/**
 * At most how many items of a list the window's first screen shows (as if the list filled the
 * whole window), rounded up to a multiple of 8.
 */
export function firstScreenful(list: 'albums' | 'songs' | 'artists', width = window.innerWidth, height = window.innerHeight): number {
  const n =
    list === 'albums'
      ? gridColumns(width).columns * Math.ceil(height / (MIN_TILE_PX + CAPTION_PX + GAP_PX))
      : Math.ceil(height / (list === 'songs' ? SONG_ROW_PX : ARTIST_ROW_PX));
  return Math.max(STEP, Math.ceil(n / STEP) * STEP);
}
