// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSong, makeSongs } from '../../test/songs.js';
import { FakeAudio } from '../../test/fake-audio.js';
import { createAudioEngine, type AudioEngine } from './audio-engine.js';
import { recordPlay } from './play-stats-storage.js';
import { usePlayerStore } from './player-store.js';
import { QUALITY_KEY, onAudioQualityChange, readAudioQuality, setAudioQuality } from './quality-storage.js';

const initial = usePlayerStore.getState();
const actions = () => usePlayerStore.getState().actions;
const state = () => usePlayerStore.getState();

/** A Media Session double that keeps the handlers the engine registers. */
function fakeMediaSession() {
  const handlers = new Map<string, MediaSessionActionHandler | null>();
  return {
    handlers,
    session: {
      metadata: null as MediaMetadata | null,
      playbackState: 'none' as MediaSessionPlaybackState,
      setActionHandler: (a: MediaSessionAction, h: MediaSessionActionHandler | null) => handlers.set(a, h),
      setPositionState: () => {},
    } as unknown as MediaSession,
    call: (a: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) => handlers.get(a)?.({ action: a, ...details }),
  };
}

let audio: FakeAudio;
let engine: AudioEngine;
let network: EventTarget;
let media: ReturnType<typeof fakeMediaSession>;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
  audio = new FakeAudio();
  network = new EventTarget();
  media = fakeMediaSession();
  engine = createAudioEngine({
    audio,
    store: usePlayerStore,
    quality: () => readAudioQuality(),
    onQualityChange: onAudioQualityChange,
    network,
    mediaSession: media.session,
    createMetadata: (init) => init as unknown as MediaMetadata,
    onPlayed: (song) => recordPlay(song),
  });
});

afterEach(() => {
  engine.dispose();
  vi.useRealTimers();
});

describe('audio engine: sources (SPEC §4)', () => {
  it('loads the new source 200 ms after a song change, at the stored quality', () => {
    localStorage.setItem(QUALITY_KEY, '96kbps');
    actions().playQueue(makeSongs(3), 0);
    expect(audio.sources).toEqual([]);
    expect(state().isLoading).toBe(true);
    vi.advanceTimersByTime(199);
    expect(audio.sources).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(audio.sources).toEqual(['https://music.example/media/song0001/96kbps.mp4']);
    expect(audio.plays).toBe(1);
  });

  it('uses 320kbps and stores it when no quality is saved', () => {
    actions().playQueue(makeSongs(1), 0);
    vi.advanceTimersByTime(200);
    expect(audio.src).toBe('https://music.example/media/song0001/320kbps.mp4');
    expect(localStorage.getItem(QUALITY_KEY)).toBe('320kbps');
  });

  it('skipping through songs quickly loads only the one that stays', () => {
    actions().playQueue(makeSongs(4), 0);
    vi.advanceTimersByTime(100);
    actions().next();
    vi.advanceTimersByTime(100);
    actions().next();
    vi.advanceTimersByTime(200);
    expect(audio.sources).toEqual(['https://music.example/media/song0003/320kbps.mp4']);
  });

  it('a quality change reloads the same song at the same position', () => {
    actions().playQueue(makeSongs(1), 0);
    vi.advanceTimersByTime(200);
    audio.currentTime = 42;
    audio.emit('timeupdate');
    setAudioQuality('48kbps');
    expect(audio.src).toBe('https://music.example/media/song0001/48kbps.mp4?timeOffset=42.0');
    audio.emit('loadedmetadata');
    expect(audio.currentTime).toBe(42);
  });

  it('a song with no address stops with the not-supported message', () => {
    actions().playQueue([makeSong(1, { downloadUrl: [] })], 0);
    vi.advanceTimersByTime(200);
    expect(state().error).toBe('Audio format not supported');
    expect(state().isPlaying).toBe(false);
  });

  it('starts at volume 0.7 and follows the store', () => {
    expect(audio.volume).toBe(0.7);
    actions().setVolume(0.25);
    expect(audio.volume).toBe(0.25);
  });
});

describe('audio engine: playback state', () => {
  it('clears loading on playing and counts the play once (SpeedListSongs, recentSongs)', () => {
    actions().playQueue(makeSongs(2), 0);
    vi.advanceTimersByTime(200);
    audio.emit('playing');
    audio.emit('playing');
    expect(state().isLoading).toBe(false);
    expect(JSON.parse(localStorage.getItem('SpeedListSongs')!)).toEqual({ song0001: 1 });
    expect(JSON.parse(localStorage.getItem('recentSongs')!).map((s: { id: string }) => s.id)).toEqual(['song0001']);
    expect(state().playedIds).toEqual(['song0001']);
  });

  it('pauses and resumes with the store', () => {
    actions().playQueue(makeSongs(1), 0);
    vi.advanceTimersByTime(200);
    audio.emit('playing');
    actions().setPlaying(false);
    expect(audio.paused).toBe(true);
    expect(state().isPlaying).toBe(false);
    actions().setPlaying(true);
    expect(audio.paused).toBe(false);
    expect(audio.plays).toBe(2);
  });

  it('a pause from outside the app (headset, OS) shows as paused', () => {
    actions().playQueue(makeSongs(1), 0);
    vi.advanceTimersByTime(200);
    audio.emit('playing');
    audio.pause();
    expect(state().isPlaying).toBe(false);
  });

  it('a refused autoplay leaves the player paused, not spinning', async () => {
    audio.playResult = () => Promise.reject(new DOMException('no gesture', 'NotAllowedError'));
    actions().playQueue(makeSongs(1), 0);
    vi.advanceTimersByTime(200);
    await vi.runAllTimersAsync();
    expect(state().isPlaying).toBe(false);
    expect(state().isLoading).toBe(false);
  });

  it('at the end of a song plays the next, and wraps to the first after the last', () => {
    actions().playQueue(makeSongs(2), 1);
    vi.advanceTimersByTime(200);
    audio.ended = true;
    audio.emit('ended');
    expect(state().currentIndex).toBe(0);
    vi.advanceTimersByTime(200);
    expect(audio.src).toContain('song0001');
  });

  it('a queue of one song starts it again at its end', () => {
    actions().playQueue(makeSongs(1), 0);
    vi.advanceTimersByTime(200);
    audio.currentTime = 180;
    audio.emit('ended');
    expect(audio.currentTime).toBe(0);
    expect(audio.plays).toBe(2);
  });

  it('a restored queue loads its current song, paused', () => {
    engine.dispose();
    usePlayerStore.setState({ queue: makeSongs(2), currentIndex: 1, isPlaying: false });
    engine = createAudioEngine({ audio, store: usePlayerStore, quality: () => '160kbps' });
    vi.advanceTimersByTime(200);
    expect(audio.src).toBe('https://music.example/media/song0002/160kbps.mp4');
    expect(audio.plays).toBe(0);
    expect(state().isLoading).toBe(false);
  });
});

describe('audio engine: recovery (SPEC §4/§8)', () => {
  const playing = () => {
    actions().playQueue(makeSongs(2), 0);
    vi.advanceTimersByTime(200);
    audio.emit('playing');
    audio.currentTime = 61.5;
    audio.emit('timeupdate');
  };

  it('a stall pauses, shows loading and retries from the same position after 2 s', () => {
    playing();
    audio.emit('stalled');
    expect(audio.paused).toBe(true);
    expect(state().isLoading).toBe(true);
    expect(state().isPlaying).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(audio.sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(audio.sources).toHaveLength(2);
    expect(audio.src).toBe(audio.sources[0] + '?timeOffset=61.5');
    audio.emit('loadedmetadata');
    expect(audio.currentTime).toBe(61.5);
    expect(audio.paused).toBe(false);
  });

  it('retries a network error 3 times with a growing delay, then stops with its message', () => {
    playing();
    const reloadsAfter = (ms: number) => {
      vi.advanceTimersByTime(ms);
      return audio.sources.length;
    };
    audio.fail(2);
    expect(state().isLoading).toBe(true);
    expect(reloadsAfter(999)).toBe(1);
    expect(reloadsAfter(1)).toBe(2);
    audio.fail(2);
    expect(reloadsAfter(1999)).toBe(2);
    expect(reloadsAfter(1)).toBe(3);
    audio.fail(2);
    expect(reloadsAfter(2999)).toBe(3);
    expect(reloadsAfter(1)).toBe(4);
    audio.fail(2);
    vi.advanceTimersByTime(10_000);
    expect(audio.sources).toHaveLength(4);
    expect(state().error).toBe('Network error occurred');
    expect(state().isPlaying).toBe(false);
    expect(state().isLoading).toBe(false);
  });

  it.each([
    [1, 'Playback was aborted'],
    [3, 'Audio file is corrupted'],
    [4, 'Audio format not supported'],
    [9, 'Unknown error occurred'],
  ])('media error %i sets "%s" and stops at once', (code, message) => {
    playing();
    audio.fail(code);
    vi.advanceTimersByTime(10_000);
    expect(state().error).toBe(message);
    expect(state().isPlaying).toBe(false);
    expect(audio.sources).toHaveLength(1);
  });

  it("the browser's online event reloads and resumes from the same position", () => {
    playing();
    network.dispatchEvent(new Event('online'));
    expect(audio.sources).toHaveLength(2);
    audio.emit('loadedmetadata');
    expect(audio.currentTime).toBe(61.5);
    expect(audio.paused).toBe(false);
  });

  it('after network errors stopped playback, coming back online resumes it', () => {
    playing();
    for (let i = 0; i < 4; i++) {
      audio.fail(2);
      vi.advanceTimersByTime(5_000);
    }
    expect(state().isPlaying).toBe(false);
    network.dispatchEvent(new Event('online'));
    expect(state().isPlaying).toBe(true);
    expect(state().error).toBeNull();
    expect(audio.paused).toBe(false);
  });
});

describe('audio engine: Media Session (SPEC §4)', () => {
  it('publishes the song and answers the six actions', () => {
    actions().playQueue(makeSongs(3), 1);
    vi.advanceTimersByTime(200);
    expect(media.session.metadata).toMatchObject({ title: 'Song 2', artist: 'An Artist With A Long Name', album: 'An Album' });
    audio.duration = 200;
    audio.currentTime = 50;
    media.call('seekforward');
    expect(audio.currentTime).toBe(60);
    media.call('seekbackward');
    media.call('seekbackward');
    expect(audio.currentTime).toBe(40);
    media.call('pause');
    expect(state().isPlaying).toBe(false);
    media.call('play');
    expect(state().isPlaying).toBe(true);
    media.call('nexttrack');
    expect(state().currentIndex).toBe(2);
    media.call('previoustrack');
    media.call('previoustrack');
    expect(state().currentIndex).toBe(0);
  });

  it('seeks stay inside the song', () => {
    actions().playQueue([makeSong(1, { duration: null })], 0);
    vi.advanceTimersByTime(200);
    audio.duration = 30;
    engine.seekTo(99);
    expect(audio.currentTime).toBe(30);
    engine.seekBy(-100);
    expect(audio.currentTime).toBe(0);
  });

  it("shows the catalogue's length while a first transcode is still streaming (the element knows only what has arrived)", () => {
    actions().playQueue([makeSong(1, { duration: 180 })], 0);
    vi.advanceTimersByTime(200);
    audio.duration = 2;
    audio.dispatchEvent(new Event('durationchange'));
    expect(state().durationS).toBe(180);
    engine.seekTo(99);
    expect(audio.currentTime).toBe(99);
    // A file longer than the catalogue says: the element's length wins.
    audio.duration = 181.5;
    audio.dispatchEvent(new Event('durationchange'));
    expect(state().durationS).toBe(181.5);
  });
});
