import { describe, expect, it } from 'vitest';
import { makeSongs } from '../../test/songs.js';
import { followDocumentTitle, titleWhilePlaying } from './document-title.js';
import { usePlayerStore } from './player-store.js';

describe("the tab's title", () => {
  it('is "Title · Artist" while a song plays, and the page\'s own otherwise', () => {
    const [song] = makeSongs(1);
    expect(titleWhilePlaying(song, true, 'Lyra Music')).toBe('Song 1 · An Artist With A Long Name');
    expect(titleWhilePlaying(song, false, 'Lyra Music')).toBe('Lyra Music');
    expect(titleWhilePlaying(undefined, true, 'Lyra Music')).toBe('Lyra Music');
  });

  it('follows the player: the song on play, the next song on a change, the page title again on pause', () => {
    const doc = { title: 'Lyra Music' };
    const stop = followDocumentTitle(usePlayerStore, doc);
    const songs = makeSongs(2);
    const { actions } = usePlayerStore.getState();
    actions.playQueue(songs, 0);
    expect(doc.title).toBe(titleWhilePlaying(songs[0], true, ''));
    actions.next();
    expect(doc.title).toBe(titleWhilePlaying(songs[1], true, ''));
    actions.setPlaying(false);
    expect(doc.title).toBe('Lyra Music');
    stop();
  });
});
