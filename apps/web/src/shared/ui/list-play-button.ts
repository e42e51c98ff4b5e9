/**
 * What the play button of a row in a long song list carries: a tap plays the list from the row, the
 * playing song is `aria-current`, and `data-song-id` / `data-index` name the row (the virtual lists
 * mount only the rows on screen, so a test finds a song by them).
 */
export function listPlayButton(songId: string, index: number, isCurrent: boolean, onPlay: (index: number) => void) {
  return {
    type: 'button',
    onClick: () => onPlay(index),
    'data-song-id': songId,
    'data-index': index,
    'aria-current': isCurrent ? 'true' : undefined,
  } as const;
}
