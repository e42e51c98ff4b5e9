// @vitest-environment jsdom
import type { Song } from '@lyra/contracts/catalogue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudio } from '../../test/fake-audio.js';
import { makeSongs } from '../../test/songs.js';
import { followGapless } from './gapless-follow.js';
import { createPlaybackOutput, type PlaybackOutput } from './playback-output.js';
import { usePlayerStore } from './player-store.js';

/** An AudioContext double on a clock the test moves; it records where sources start and the gain curves set. */
function fakeContext() {
  const starts: [number, number][] = [];
  const curves: { curve: number[]; startS: number; durationS: number }[] = [];
  const param = () => ({
    value: 1,
    cancelScheduledValues() {},
    setValueAtTime() {},
    setTargetAtTime() {},
    setValueCurveAtTime: (curve: Float32Array, startS: number, durationS: number) => void curves.push({ curve: [...curve], startS, durationS }),
  });
  const ctx = {
    currentTime: 100,
    decodeAudioData: vi.fn(async () => ({ duration: 3 }) as AudioBuffer),
    createGain: () => ({ gain: param(), connect() {}, disconnect() {} }),
    createBufferSource: () => ({
      connect() {},
      disconnect() {},
      stop() {},
      start: (when: number, offset: number) => void starts.push([when, offset]),
    }),
  };
  return { ctx, starts, curves, param };
}

const initial = usePlayerStore.getState();
let element: FakeAudio;
let output: PlaybackOutput;
let f: ReturnType<typeof fakeContext>;
let fetched: string[];
let handedOver: string[];
let stop: () => void;
let songs: Song[];
let crossfadeS: number;
let elementFade: { curve: number[]; startS: number; durationS: number }[];

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  songs = makeSongs(3);
  usePlayerStore.setState({ ...initial, queue: songs, currentIndex: 0, isPlaying: true }, true);
  element = new FakeAudio();
  element.paused = false;
  element.duration = 180;
  f = fakeContext();
  fetched = [];
  handedOver = [];
  crossfadeS = 0;
  elementFade = [];
  const elementFader = {
    fade: (curve: Float32Array, startS: number, durationS: number) => void elementFade.push({ curve: [...curve], startS, durationS }),
    settle() {},
    silence() {},
  };
  output = createPlaybackOutput(element, { fader: () => elementFader, setLevel() {} });
  stop = followGapless({
    output,
    store: usePlayerStore,
    graph: () => ({ context: f.ctx as unknown as BaseAudioContext, input: {} as AudioNode }),
    songBytes: async (song) => {
      fetched.push(song.id);
      return { url: `/media/${song.id}/320.mp4`, bytes: new ArrayBuffer(8) };
    },
    onHandOver: (song) => handedOver.push(song.id),
    crossfadeS: () => crossfadeS,
    loudnessMode: () => 'off',
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

  it('does not follow on from an end the element has not read yet (a first transcode streaming)', async () => {
    element.duration = 179.2;
    element.currentTime = 178;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(f.starts).toEqual([]);
    element.duration = 180;
    element.currentTime = 179;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(f.starts).toHaveLength(1);
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

describe('crossfading into the next song', () => {
  /** Songs of other albums: they crossfade. The decoded ones last 100 s. */
  beforeEach(() => {
    songs = songs.map((s, i) => ({ ...s, album: { id: `album${i}`, name: null, url: null } }));
    usePlayerStore.setState({ queue: songs });
    f.ctx.decodeAudioData.mockImplementation(async () => ({ duration: 100 }) as AudioBuffer);
    crossfadeS = 4;
  });

  /** Plays the element at `positionS` of 180 s with the audio clock at 200, long enough for the readings to agree. */
  async function playAt(positionS: number) {
    element.currentTime = positionS;
    f.ctx.currentTime = 200;
    await vi.advanceTimersByTimeAsync(1_000);
  }

  it('starts the next song 4 s before the current one ends, fading one out as the other fades in', async () => {
    await playAt(175);
    // The element ends at 205 on the audio clock: the next song starts at 201.
    expect(f.starts).toEqual([[201, 0]]);
    const incoming = f.curves.at(-1)!;
    expect([incoming.startS, incoming.durationS, incoming.curve[0], incoming.curve.at(-1)]).toEqual([201, 4, 0, 1]);
    expect(elementFade).toHaveLength(1);
    expect([elementFade[0]!.startS, elementFade[0]!.durationS, elementFade[0]!.curve[0], elementFade[0]!.curve.at(-1)]).toEqual([201, 4, 1, 0]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(handedOver).toEqual(['song0002']);
  });

  it('not before: 6 s before the end it waits', async () => {
    await playAt(174);
    expect(f.starts).toEqual([]);
  });

  it('consecutive songs of one album stay gapless: the next starts where the current one ends', async () => {
    usePlayerStore.setState({ queue: songs.map((s) => ({ ...s, album: { id: 'one', name: null, url: null } })) });
    await playAt(179);
    expect(f.starts).toEqual([[201, 0]]);
    expect(elementFade).toEqual([]);
  });

  it('a song shorter than twice the setting overlaps by half its length', async () => {
    f.ctx.decodeAudioData.mockImplementation(async () => ({ duration: 5 }) as AudioBuffer);
    await playAt(176);
    expect(f.starts).toEqual([[201.5, 0]]);
    expect(elementFade[0]!.durationS).toBe(2.5);
  });

  it('on a first transcode still streaming, times the fade by the catalogue’s length, not by what the element has read', async () => {
    // The element has read 2.2 s ahead of its position; the song is 180 s long.
    element.duration = 120;
    await playAt(117.8);
    expect(f.starts).toEqual([]);
    element.duration = 177.2;
    await playAt(175);
    expect(f.starts).toEqual([[201, 0]]);
  });

  it('with crossfade off the next song starts at the end, without fades', async () => {
    crossfadeS = 0;
    await playAt(179);
    expect(f.starts).toEqual([[201, 0]]);
    expect(elementFade).toEqual([]);
  });
});
