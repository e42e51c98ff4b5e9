// @vitest-environment jsdom
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSongs } from '../../test/songs.js';
import { FakeAudio } from '../../test/fake-audio.js';
import { createAudioEngine, type AudioEngine } from './audio-engine.js';
import { dropGoneSongs } from './gone-songs.js';
import { usePlayerStore } from './player-store.js';

/**
 * A song whose file was deleted while the app did not hear about it (closed, or
 * a mirror without realtime): its address answers 404, which the element
 * reports as a source it cannot play (or, mid-song, a network error). The
 * catalogue is asked once; a song it no longer has leaves the queue with the
 * toast and the next one plays, instead of SPEC#errors-media-errors's "Audio format not supported".
 */
const toasts = vi.hoisted(() => [] as string[]);
vi.mock('sonner', () => ({ toast: (message: string) => void toasts.push(message) }));
// The files after this one in its worker get the real sonner.
afterAll(() => void vi.doUnmock('sonner'));

const initial = usePlayerStore.getState();
const state = () => usePlayerStore.getState();
const actions = () => state().actions;
const ids = () => state().queue.map((s) => s.id);
const currentId = () => state().queue[state().currentIndex]?.id;

let audio: FakeAudio;
let engine: AudioEngine;
let online: boolean;
/** What the catalogue answers: gone or not, or no answer at all. */
let answer: (id: string) => Promise<boolean>;
const asked: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  toasts.length = 0;
  asked.length = 0;
  online = true;
  answer = async () => true;
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
  audio = new FakeAudio();
  engine = createAudioEngine({
    audio,
    store: usePlayerStore,
    quality: () => '320kbps',
    isOnline: () => online,
    songGone: (id) => {
      asked.push(id);
      return answer(id);
    },
    onSongGone: (song) => void dropGoneSongs(actions(), [song.id], false),
  });
});
afterEach(() => {
  engine.dispose();
  vi.useRealTimers();
});

/** Song 2 of 3 is current and playing; its load is under way. */
async function secondSongLoading() {
  actions().playQueue(makeSongs(3), 1);
  await vi.advanceTimersByTimeAsync(200);
  expect(audio.sources).toEqual(['https://music.example/media/song0002/320kbps.mp4']);
}

/** A failed source as Chromium reports it: an error, then a pause. */
function failAndPause(code: number) {
  audio.fail(code);
  audio.emit('pause');
}

describe('a song deleted from the library, met when it plays', () => {
  it('leaves the queue with the toast when its address cannot be played, and the next song plays', async () => {
    await secondSongLoading();
    failAndPause(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['song0002']);
    expect(toasts).toEqual(['“Song 2” is no longer in the library']);
    expect(ids()).toEqual(['song0001', 'song0003']);
    expect(currentId()).toBe('song0003');
    expect(state().error).toBeNull();
    expect(state().isPlaying).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(audio.src).toBe('https://music.example/media/song0003/320kbps.mp4');
    expect(audio.paused).toBe(false);
  });

  it('waits for the answer when the element reports the failure more than once', async () => {
    let settle: (gone: boolean) => void = () => {};
    answer = () => new Promise((resolve) => (settle = resolve));
    await secondSongLoading();
    audio.fail(4);
    audio.emit('error');
    audio.emit('error');
    expect(state().error).toBeNull();
    settle(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(asked).toEqual(['song0002']);
    expect(currentId()).toBe('song0003');
    expect(state().isPlaying).toBe(true);
    expect(audio.src).toBe('https://music.example/media/song0003/320kbps.mp4');
    expect(audio.paused).toBe(false);
  });

  it('leaves the queue at once on a network error mid-song, without the three retries', async () => {
    await secondSongLoading();
    audio.emit('playing');
    failAndPause(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(toasts).toEqual(['“Song 2” is no longer in the library']);
    expect(currentId()).toBe('song0003');
    // One load of song 2, none retried; then song 3.
    expect(audio.sources.map((u) => u.split('/')[4])).toEqual(['song0002', 'song0003']);
  });

  it('a song the catalogue still has keeps SPEC’s message, and the catalogue is asked once', async () => {
    answer = async () => false;
    await secondSongLoading();
    audio.fail(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(state().error).toBe('Audio format not supported');
    expect(state().isPlaying).toBe(false);
    expect(ids()).toEqual(['song0001', 'song0002', 'song0003']);
    expect(toasts).toEqual([]);
    // Played again, it fails again: the rules apply at once.
    actions().setPlaying(true);
    audio.fail(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['song0002']);
    expect(state().error).toBe('Audio format not supported');
  });

  it('a network error of a song still there is retried 3 times as before', async () => {
    answer = async () => false;
    await secondSongLoading();
    for (let i = 0; i < 4; i++) {
      audio.fail(2);
      await vi.advanceTimersByTimeAsync(5_000);
    }
    expect(asked).toEqual(['song0002']);
    expect(audio.sources).toHaveLength(4);
    expect(state().error).toBe('Network error occurred');
  });

  it('no answer from the catalogue is not taken for gone', async () => {
    answer = () => Promise.reject(new Error('unreachable'));
    await secondSongLoading();
    audio.fail(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(state().error).toBe('Audio format not supported');
    expect(ids()).toHaveLength(3);
  });

  it('an answer about a song the listener has already left changes nothing', async () => {
    let settle: (gone: boolean) => void = () => {};
    answer = () => new Promise((resolve) => (settle = resolve));
    await secondSongLoading();
    audio.fail(4);
    actions().next();
    settle(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(toasts).toEqual([]);
    expect(ids()).toEqual(['song0001', 'song0002', 'song0003']);
    expect(currentId()).toBe('song0003');
    expect(audio.src).toBe('https://music.example/media/song0003/320kbps.mp4');
  });

  it('offline, the catalogue is not asked: the offline words', async () => {
    await secondSongLoading();
    online = false;
    audio.fail(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([]);
    expect(state().error).toBe('You are offline. Reconnecting...');
  });

  it('other media errors are not the catalogue’s business', async () => {
    await secondSongLoading();
    audio.fail(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([]);
    expect(state().error).toBe('Audio file is corrupted');
  });
});

describe('the toast for songs that left the library', () => {
  it('names one song, and counts several', () => {
    actions().playQueue(makeSongs(4), 0);
    expect(dropGoneSongs(actions(), ['song0002', 'elsewhere'], false).map((s) => s.id)).toEqual(['song0002']);
    expect(dropGoneSongs(actions(), ['song0003', 'song0004'], false)).toHaveLength(2);
    expect(dropGoneSongs(actions(), ['song0009'], false)).toEqual([]);
    expect(toasts).toEqual(['“Song 2” is no longer in the library', '2 songs are no longer in the library']);
  });
});
