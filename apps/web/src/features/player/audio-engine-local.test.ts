// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Song } from '@lyra/contracts/catalogue';
import { makeSongs } from '../../test/songs.js';
import { FakeAudio } from '../../test/fake-audio.js';
import { createAudioEngine, type AudioEngine } from './audio-engine.js';
import { usePlayerStore } from './player-store.js';

/** Songs kept on the device play from there (online or not); offline, the others can be skipped. */
const initial = usePlayerStore.getState();
let audio: FakeAudio;
let engine: AudioEngine;
let online: boolean;
const kept = new Set(['song0002']);
const skipped: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
  audio = new FakeAudio();
  online = true;
  skipped.length = 0;
  engine = createAudioEngine({
    audio,
    store: usePlayerStore,
    quality: () => '320kbps',
    isOnline: () => online,
    localSource: (id) => (kept.has(id) ? Promise.resolve(`blob:kept-${id}`) : null),
    onUnavailableOffline: (song: Song) => {
      skipped.push(song.id);
      const next = usePlayerStore.getState().queue.findIndex((s) => kept.has(s.id));
      usePlayerStore.getState().actions.select(next);
      return true;
    },
  });
});
afterEach(() => {
  engine.dispose();
  vi.useRealTimers();
});

describe('songs kept on the device', () => {
  it('a kept song plays from its local copy, even online', async () => {
    usePlayerStore.getState().actions.playQueue(makeSongs(3), 1);
    await vi.advanceTimersByTimeAsync(200);
    expect(audio.sources).toEqual(['blob:kept-song0002']);
  });

  it('online, other songs stream as before', async () => {
    usePlayerStore.getState().actions.playQueue(makeSongs(3), 0);
    await vi.advanceTimersByTimeAsync(200);
    expect(audio.sources).toEqual(['https://music.example/media/song0001/320kbps.mp4']);
  });

  it('offline, a song not kept is skipped for the next kept one', async () => {
    online = false;
    usePlayerStore.getState().actions.playQueue(makeSongs(3), 0);
    await vi.advanceTimersByTimeAsync(200);
    expect(skipped).toEqual(['song0001']);
    await vi.advanceTimersByTimeAsync(200);
    expect(usePlayerStore.getState().currentIndex).toBe(1);
    expect(audio.sources).toEqual(['blob:kept-song0002']);
  });
});
