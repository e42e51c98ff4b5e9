// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { makeSongs } from '../../test/songs.js';
import { usePlayerStore } from './player-store.js';
import { POSITION_KEY, rememberedPositionS, rememberPosition } from './position-memory.js';

const initial = usePlayerStore.getState();
const actions = () => usePlayerStore.getState().actions;
const songs = makeSongs(2);

beforeEach(() => {
  sessionStorage.clear();
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
});

describe("the current song's position, kept for a reload", () => {
  it('is saved as it moves (once a second) and at once on a pause; read back only for the same song', () => {
    const page = new EventTarget();
    const stop = rememberPosition(usePlayerStore, sessionStorage, page);
    actions().playQueue(songs, 0);
    actions().setProgress(10, 180);
    expect(rememberedPositionS('song0001')).toBe(10);
    actions().setProgress(10.5, 180);
    expect(rememberedPositionS('song0001')).toBe(10);
    actions().setProgress(11.2, 180);
    expect(rememberedPositionS('song0001')).toBe(11.2);
    actions().setProgress(11.6, 180);
    actions().setPlaying(false);
    expect(rememberedPositionS('song0001')).toBe(11.6);
    expect(rememberedPositionS('song0002')).toBe(0);
    actions().next();
    expect(rememberedPositionS('song0001')).toBe(0);
    expect(rememberedPositionS('song0002')).toBe(0);
    actions().setProgress(42.3, 180);
    page.dispatchEvent(new Event('pagehide'));
    expect(rememberedPositionS('song0002')).toBe(42.3);
    stop();
  });

  it('a damaged entry reads as the start', () => {
    sessionStorage.setItem(POSITION_KEY, '{"songId":"song0001","positionS":"junk"}');
    expect(rememberedPositionS('song0001')).toBe(0);
    sessionStorage.setItem(POSITION_KEY, 'not json');
    expect(rememberedPositionS('song0001')).toBe(0);
  });
});
