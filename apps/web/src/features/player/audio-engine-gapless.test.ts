// @vitest-environment jsdom
import type { Song } from '@lyra/contracts/catalogue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudio } from '../../test/fake-audio.js';
import { makeSongs } from '../../test/songs.js';
import { createAudioEngine, type AudioEngine } from './audio-engine.js';
import type { DecodedVoice } from './decoded-voice.js';
import type { Fader } from './fader.js';
import { createPlaybackOutput, type Crossfade, type PlaybackOutput } from './playback-output.js';
import { usePlayerStore } from './player-store.js';

/** A crossfade gain double: where it stands ('full', 'silent', or fading along a curve from a time). */
class FakeFader implements Fader {
  state = 'full';
  fade(curve: Float32Array, startS: number, durationS: number) {
    this.state = `${curve[0]}→${curve.at(-1)} at ${startS} for ${durationS}`;
  }
  settle() {
    this.state = 'full';
  }
  silence() {
    this.state = 'silent';
  }
}

/** A decoded song double: a FakeAudio that records when it was put on the clock. */
class FakeVoice extends FakeAudio implements DecodedVoice {
  startedAtS: number | null = null;
  disposed = false;
  level = 1;
  playbackRate = 1;
  fader = new FakeFader();
  constructor(src: string) {
    super();
    this.src = src;
    this.duration = 3;
  }
  startAt(whenS: number) {
    this.startedAtS = whenS;
    this.paused = false;
  }
  endsAtS() {
    return this.paused || this.startedAtS == null ? Number.NaN : this.startedAtS + this.duration;
  }
  dispose() {
    this.disposed = true;
    this.paused = true;
  }
}

const initial = usePlayerStore.getState();
const actions = () => usePlayerStore.getState().actions;
const current = () => usePlayerStore.getState().queue[usePlayerStore.getState().currentIndex];
let element: FakeAudio;
let elementFader: FakeFader;
let elementLevels: number[];
let output: PlaybackOutput;
let engine: AudioEngine;
let played: string[];
let songs: Song[];

beforeEach(async () => {
  vi.useFakeTimers();
  sessionStorage.clear();
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
  element = new FakeAudio();
  elementFader = new FakeFader();
  elementLevels = [];
  output = createPlaybackOutput(element, { fader: () => elementFader, setLevel: (g) => void elementLevels.push(g) });
  played = [];
  engine = createAudioEngine({ audio: output, store: usePlayerStore, quality: () => '320kbps', onPlayed: (s) => played.push(s.id) });
  songs = makeSongs(3);
  actions().playQueue(songs, 0, true);
  await vi.advanceTimersByTimeAsync(200);
  element.duration = 180;
  element.emit('loadedmetadata');
  element.emit('playing');
  element.currentTime = 179;
});
afterEach(() => {
  engine.dispose();
  vi.useRealTimers();
});

/** Schedules song 2 at clock 1.0 s (one second from now on a clock at 0). */
function handOver(): FakeVoice {
  const voice = new FakeVoice('/media/song0002/320.mp4');
  output.handOver(voice, 1, () => 0, () => {
    engine.handedOver(songs[1]!.id);
    actions().next();
  });
  return voice;
}

describe('gapless hand-over', () => {
  it('at the scheduled time the decoded song plays on: the queue moves, nothing is loaded, the play counts', async () => {
    const voice = handOver();
    expect(voice.startedAtS).toBe(1);
    expect(current()?.id).toBe('song0001');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(current()?.id).toBe('song0002');
    await vi.advanceTimersByTimeAsync(500);
    expect(element.sources).toEqual(['https://music.example/media/song0001/320kbps.mp4']);
    expect(output.voice).toBe(voice);
    expect(played).toEqual(['song0001', 'song0002']);
    expect(usePlayerStore.getState().isPlaying).toBe(true);
    expect(usePlayerStore.getState().isLoading).toBe(false);
    // The element, still short of its end by its own clock, is stopped without pausing the player.
    expect(element.paused).toBe(true);
  });

  it('the element reporting its end first switches at once, without pausing the player', async () => {
    const voice = handOver();
    element.paused = true;
    element.ended = true;
    element.emit('pause');
    element.emit('ended');
    expect(current()?.id).toBe('song0002');
    expect(output.voice).toBe(voice);
    expect(usePlayerStore.getState().isPlaying).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(current()?.id).toBe('song0002');
  });

  it('pausing before the hand-over calls it off: the decoded song is dropped and the element plays on', async () => {
    const voice = handOver();
    actions().setPlaying(false);
    expect(voice.disposed).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(current()?.id).toBe('song0001');
    expect(output.voice).toBeNull();
  });

  it('the decoded song seeks, pauses and takes the volume; the next song loads on the element again', async () => {
    const voice = handOver();
    await vi.advanceTimersByTimeAsync(1_000);
    engine.seekTo(2);
    expect(voice.currentTime).toBe(2);
    actions().setVolume(0.3);
    expect(voice.volume).toBe(0.3);
    actions().setPlaying(false);
    expect(voice.paused).toBe(true);
    actions().next();
    await vi.advanceTimersByTimeAsync(200);
    expect(voice.disposed).toBe(true);
    expect(output.voice).toBeNull();
    expect(element.src).toBe('https://music.example/media/song0003/320kbps.mp4');
  });
});

describe('gapless hand-over between two decoded songs', () => {
  it('the next one starts where the playing one ends, which is left to play out its end', async () => {
    const second = handOver();
    await vi.advanceTimersByTimeAsync(1_000);
    second.startAt(1);
    const third = new FakeVoice('/media/song0003/320.mp4');
    output.handOver(third, second.endsAtS(), () => 3.995, () => {
      engine.handedOver(songs[2]!.id);
      actions().next();
    });
    expect(third.startedAtS).toBe(4);
    await vi.advanceTimersByTimeAsync(5);
    expect(current()?.id).toBe('song0003');
    expect(second.disposed).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(second.disposed).toBe(true);
    expect(played).toEqual(['song0001', 'song0002', 'song0003']);
  });
});

describe('crossfade hand-over', () => {
  const fade: Crossfade = { durationS: 4, out: new Float32Array([1, 0.5, 0]), in: new Float32Array([0, 0.5, 1]) };

  /** Schedules song 2 at clock 1.0 s, fading over 4 s (the element ends at 5 s). */
  function crossfade(): FakeVoice {
    const voice = new FakeVoice('/media/song0002/320.mp4');
    output.handOver(voice, 1, () => 0, () => {
      engine.handedOver(songs[1]!.id);
      actions().next();
    }, fade);
    return voice;
  }

  it('the next song fades in as the current one fades out, which plays on under it to its end', async () => {
    element.currentTime = 175;
    const voice = crossfade();
    expect(voice.fader.state).toBe('0→1 at 1 for 4');
    expect(elementFader.state).toBe('1→0 at 1 for 4');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(current()?.id).toBe('song0002');
    expect(output.voice).toBe(voice);
    expect(played).toEqual(['song0001', 'song0002']);
    // Unlike a gapless hand-over, the element is not stopped: it is fading out.
    expect(element.paused).toBe(false);
    expect(usePlayerStore.getState().isPlaying).toBe(true);
    // Once the fade is done (and a moment to play out), the element is let go.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(element.paused).toBe(true);
    expect(usePlayerStore.getState().isPlaying).toBe(true);
  });

  it('each song keeps its own loudness gain through the fade: a new one goes to the song that follows', async () => {
    output.level = 0.5;
    const voice = crossfade();
    expect(voice.level).toBe(0.5);
    await vi.advanceTimersByTimeAsync(1_000);
    elementLevels = [];
    output.level = 0.8;
    expect(voice.level).toBe(0.8);
    expect(elementLevels).toEqual([]);
  });

  it('pausing in the fade silences the song that ends and brings the next to full', async () => {
    const voice = crossfade();
    await vi.advanceTimersByTimeAsync(1_000);
    actions().setPlaying(false);
    expect(elementFader.state).toBe('silent');
    expect(voice.fader.state).toBe('full');
    expect(voice.paused).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(element.paused).toBe(true);
  });

  it('a skip in the fade stops both; the element plays the new song at full and at its own level', async () => {
    const voice = crossfade();
    await vi.advanceTimersByTimeAsync(1_000);
    output.level = 0.3;
    actions().next();
    await vi.advanceTimersByTimeAsync(200);
    expect(voice.disposed).toBe(true);
    expect(element.src).toBe('https://music.example/media/song0003/320kbps.mp4');
    expect(elementFader.state).toBe('full');
    expect(elementLevels.at(-1)).toBe(0.3);
  });

  it('called off before it starts (a pause), the current song stays at full', () => {
    const voice = crossfade();
    actions().setPlaying(false);
    expect(voice.disposed).toBe(true);
    expect(elementFader.state).toBe('full');
    expect(current()?.id).toBe('song0001');
  });
});
