// @vitest-environment jsdom
import type { Song } from '@lyra/contracts/catalogue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudio } from '../../test/fake-audio.js';
import { makeSongs } from '../../test/songs.js';
import { followGapless } from './gapless-follow.js';
import { createPlaybackOutput, type PlaybackOutput } from './playback-output.js';
import { usePlayerStore } from './player-store.js';

/** An AudioContext double on a clock the test moves; it records where sources start. */
function fakeContext() {
  const starts: [number, number][] = [];
  const ctx = {
    currentTime: 100,
    decodeAudioData: vi.fn(async () => ({ duration: 3 }) as AudioBuffer),
    createGain: () => ({ gain: { value: 1 }, connect() {}, disconnect() {} }),
    createBufferSource: () => ({
      connect() {},
      disconnect() {},
      stop() {},
      start: (when: number, offset: number) => void starts.push([when, offset]),
    }),
  };
  return { ctx, starts };
}

const initial = usePlayerStore.getState();
let element: FakeAudio;
let output: PlaybackOutput;
let f: ReturnType<typeof fakeContext>;
let fetched: string[];
let handedOver: string[];
let stop: () => void;
let songs: Song[];

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  songs = makeSongs(3);
  usePlayerStore.setState({ ...initial, queue: songs, currentIndex: 0, isPlaying: true }, true);
  element = new FakeAudio();
  element.paused = false;
  element.duration = 180;
  output = createPlaybackOutput(element);
  f = fakeContext();
  fetched = [];
  handedOver = [];
  stop = followGapless({
    output,
    store: usePlayerStore,
    graph: () => ({ context: f.ctx as unknown as BaseAudioContext, input: {} as AudioNode }),
    songBytes: async (song) => {
      fetched.push(song.id);
      return { url: `/media/${song.id}/320.mp4`, bytes: new ArrayBuffer(8) };
    },
    onHandOver: (song) => handedOver.push(song.id),
  });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('following the queue for gapless playback', () => {
  it('fetches the next song once, 30 s before the end, and not before', async () => {
    element.currentTime = 100;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetched).toEqual([]);
    element.currentTime = 150;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetched).toEqual(['song0002']);
    expect(f.ctx.decodeAudioData).toHaveBeenCalledTimes(1);
  });

  it('puts the next song on the clock where the element ends, once three readings agree, and switches there', async () => {
    element.currentTime = 170;
    await vi.advanceTimersByTimeAsync(400);
    element.currentTime = 179;
    f.ctx.currentTime = 200;
    await vi.advanceTimersByTimeAsync(400);
    expect(f.starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    // Element at 179 of 180 s with the clock at 200: the next song starts at 201.
    expect(f.starts).toEqual([[201, 0]]);
    expect(output.armed).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(handedOver).toEqual(['song0002']);
    expect(output.voice?.src).toBe('/media/song0002/320.mp4');
  });

  it('calls the hand-over off when the queue changes what comes next', async () => {
    element.currentTime = 179;
    await vi.advanceTimersByTimeAsync(800);
    expect(output.armed).toBe(true);
    usePlayerStore.setState({ queue: [songs[0]!, songs[2]!, songs[1]!] });
    await vi.advanceTimersByTimeAsync(200);
    expect(output.armed).toBe(false);
    expect(handedOver).toEqual([]);
  });

  it('does nothing while paused or for a one-song queue', async () => {
    element.currentTime = 179;
    usePlayerStore.setState({ isPlaying: false });
    await vi.advanceTimersByTimeAsync(1_000);
    usePlayerStore.setState({ isPlaying: true, queue: [songs[0]!] });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetched).toEqual([]);
  });
});
