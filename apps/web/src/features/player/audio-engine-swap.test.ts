// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudio } from '../../test/fake-audio.js';
import { makeSongs } from '../../test/songs.js';
import { createAudioEngine, type AudioEngine } from './audio-engine.js';
import { usePlayerStore } from './player-store.js';

const initial = usePlayerStore.getState();
const actions = () => usePlayerStore.getState().actions;
let audio: FakeAudio;
let engine: AudioEngine;

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
  audio = new FakeAudio();
  engine = createAudioEngine({ audio, store: usePlayerStore, quality: () => '320kbps' });
});
afterEach(() => {
  engine.dispose();
  vi.useRealTimers();
});

async function playingAt(positionS: number) {
  actions().playQueue(makeSongs(2), 0, true);
  await vi.advanceTimersByTimeAsync(200);
  audio.duration = 180;
  audio.emit('loadedmetadata');
  audio.emit('playing');
  audio.currentTime = positionS;
}

describe('audio engine: video mode source swap (SPEC#states-video-mode)', () => {
  it('plays the other address from the same position and resumes', async () => {
    await playingAt(42);
    const plays = audio.plays;
    engine.swapSource('https://x.example/media/song0001/160kbps.m4a');
    expect(audio.src).toBe('https://x.example/media/song0001/160kbps.m4a?timeOffset=42.0');
    expect(audio.plays).toBe(plays + 1);
    expect(engine.positionS()).toBe(42);
    audio.currentTime = 0;
    audio.emit('loadedmetadata');
    expect(audio.currentTime).toBe(42);
  });

  it('does not resume a paused song', async () => {
    await playingAt(10);
    actions().setPlaying(false);
    const plays = audio.plays;
    engine.swapSource('https://x.example/other.m4a');
    expect(audio.src).toBe('https://x.example/other.m4a');
    expect(audio.plays).toBe(plays);
  });

  it('the next song loads from the catalogue again', async () => {
    await playingAt(10);
    engine.swapSource('https://x.example/other.m4a');
    actions().next();
    await vi.advanceTimersByTimeAsync(200);
    expect(audio.src).toBe('https://music.example/media/song0002/320kbps.mp4');
  });

  it('is ignored while a song change is still waiting to load', async () => {
    await playingAt(10);
    actions().next();
    engine.swapSource('https://x.example/other.m4a');
    await vi.advanceTimersByTimeAsync(200);
    expect(audio.src).toBe('https://music.example/media/song0002/320kbps.mp4');
  });
});
