// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { makeSong, makeSongs } from '../../test/songs.js';
import { createAudioEngine } from './audio-engine.js';
import { actions, state, useEngineRig } from './audio-engine-rig.js';
import { usePlayerStore } from './player-store.js';
import { QUALITY_KEY, setAudioQuality } from './quality-storage.js';

// Recovery from stalls and errors: audio-engine-recovery.test.ts; the Media Session: audio-engine-media-session.test.ts.
const rig = useEngineRig();

describe('audio engine: sources (SPEC#states-player)', () => {
  it('loads the new source 200 ms after a song change, at the stored quality', () => {
    localStorage.setItem(QUALITY_KEY, '96kbps');
    actions().playQueue(makeSongs(3), 0);
    expect(rig.audio.sources).toEqual([]);
    expect(state().isLoading).toBe(true);
    vi.advanceTimersByTime(199);
    expect(rig.audio.sources).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(rig.audio.sources).toEqual(['https://music.example/media/song0001/96kbps.mp4']);
    expect(rig.audio.plays).toBe(1);
  });

  it('uses 320kbps and stores it when no quality is saved', () => {
    actions().playQueue(makeSongs(1), 0);
    vi.advanceTimersByTime(200);
    expect(rig.audio.src).toBe('https://music.example/media/song0001/320kbps.mp4');
    expect(localStorage.getItem(QUALITY_KEY)).toBe('320kbps');
  });

  it('skipping through songs quickly loads only the one that stays', () => {
    actions().playQueue(makeSongs(4), 0);
    vi.advanceTimersByTime(100);
    actions().next();
    vi.advanceTimersByTime(100);
    actions().next();
    vi.advanceTimersByTime(200);
    expect(rig.audio.sources).toEqual(['https://music.example/media/song0003/320kbps.mp4']);
  });

  it('a quality change reloads the same song at the same position', () => {
    actions().playQueue(makeSongs(1), 0);
    vi.advanceTimersByTime(200);
    rig.audio.currentTime = 42;
    rig.audio.emit('timeupdate');
    setAudioQuality('48kbps');
    expect(rig.audio.src).toBe('https://music.example/media/song0001/48kbps.mp4?timeOffset=42.0');
    rig.audio.emit('loadedmetadata');
    expect(rig.audio.currentTime).toBe(42);
  });

  it('a song with no address stops with the not-supported message', () => {
    actions().playQueue([makeSong(1, { downloadUrl: [] })], 0);
    vi.advanceTimersByTime(200);
    expect(state().error).toBe('Audio format not supported');
    expect(state().isPlaying).toBe(false);
  });

  it('starts at volume 0.7 and follows the store', () => {
    expect(rig.audio.volume).toBe(0.7);
    actions().setVolume(0.25);
    expect(rig.audio.volume).toBe(0.25);
  });
});

describe('audio engine: playback state', () => {
  it('clears loading on playing and counts the play once (SpeedListSongs, recentSongs)', () => {
    actions().playQueue(makeSongs(2), 0);
    vi.advanceTimersByTime(200);
    rig.audio.emit('playing');
    rig.audio.emit('playing');
    expect(state().isLoading).toBe(false);
    expect(JSON.parse(localStorage.getItem('SpeedListSongs')!)).toEqual({ song0001: 1 });
    expect(JSON.parse(localStorage.getItem('recentSongs')!).map((s: { id: string }) => s.id)).toEqual(['song0001']);
    expect(state().playedIds).toEqual(['song0001']);
  });

  it('pauses and resumes with the store', () => {
    actions().playQueue(makeSongs(1), 0);
    vi.advanceTimersByTime(200);
    rig.audio.emit('playing');
    actions().setPlaying(false);
    expect(rig.audio.paused).toBe(true);
    expect(state().isPlaying).toBe(false);
    actions().setPlaying(true);
    expect(rig.audio.paused).toBe(false);
    expect(rig.audio.plays).toBe(2);
  });

  it('a pause from outside the app (headset, OS) shows as paused', () => {
    actions().playQueue(makeSongs(1), 0);
    vi.advanceTimersByTime(200);
    rig.audio.emit('playing');
    rig.audio.pause();
    expect(state().isPlaying).toBe(false);
  });

  it('a refused autoplay leaves the player paused, not spinning', async () => {
    rig.audio.playResult = () => Promise.reject(new DOMException('no gesture', 'NotAllowedError'));
    actions().playQueue(makeSongs(1), 0);
    vi.advanceTimersByTime(200);
    await vi.runAllTimersAsync();
    expect(state().isPlaying).toBe(false);
    expect(state().isLoading).toBe(false);
  });

  it('at the end of a song plays the next, and wraps to the first after the last', () => {
    actions().playQueue(makeSongs(2), 1);
    vi.advanceTimersByTime(200);
    rig.audio.ended = true;
    rig.audio.emit('ended');
    expect(state().currentIndex).toBe(0);
    vi.advanceTimersByTime(200);
    expect(rig.audio.src).toContain('song0001');
  });

  it('a queue of one song starts it again at its end', () => {
    actions().playQueue(makeSongs(1), 0);
    vi.advanceTimersByTime(200);
    rig.audio.currentTime = 180;
    rig.audio.emit('ended');
    expect(rig.audio.currentTime).toBe(0);
    expect(rig.audio.plays).toBe(2);
  });

  it('repeat one plays the song again at its end; repeat off stops after the last song, on the first, paused', () => {
    actions().playQueue(makeSongs(2), 1);
    vi.advanceTimersByTime(200);
    actions().cycleRepeat();
    rig.audio.currentTime = 180;
    rig.audio.ended = true;
    rig.audio.emit('ended');
    expect(state().currentIndex).toBe(1);
    expect(rig.audio.currentTime).toBe(0);
    expect(rig.audio.plays).toBe(2);

    actions().cycleRepeat();
    expect(state().repeat).toBe('off');
    rig.audio.emit('ended');
    expect(state().currentIndex).toBe(0);
    expect(state().isPlaying).toBe(false);
    vi.advanceTimersByTime(200);
    expect(rig.audio.src).toContain('song0001');
    expect(rig.audio.plays).toBe(2);
  });

  it('a restored queue loads its current song, paused', () => {
    rig.engine.dispose();
    usePlayerStore.setState({ queue: makeSongs(2), currentIndex: 1, isPlaying: false });
    rig.engine = createAudioEngine({ audio: rig.audio, store: usePlayerStore, quality: () => '160kbps' });
    vi.advanceTimersByTime(200);
    expect(rig.audio.src).toBe('https://music.example/media/song0002/160kbps.mp4');
    expect(rig.audio.plays).toBe(0);
    expect(state().isLoading).toBe(false);
  });

  it('a restored queue loads its current song where it was, paused (a reload)', () => {
    rig.engine.dispose();
    usePlayerStore.setState({ queue: makeSongs(2), currentIndex: 1, isPlaying: false });
    rig.engine = createAudioEngine({ audio: rig.audio, store: usePlayerStore, quality: () => '160kbps', restoredPositionS: (id) => (id === 'song0002' ? 75.4 : 0) });
    expect(state().positionS).toBe(75.4);
    vi.advanceTimersByTime(200);
    expect(rig.audio.src).toBe('https://music.example/media/song0002/160kbps.mp4?timeOffset=75.4');
    expect(rig.audio.plays).toBe(0);
    expect(state().isPlaying).toBe(false);
  });

  it("a position asked for a song that has not loaded yet is bounded by that song's length, not the one before's", () => {
    actions().playQueue([makeSong(1, { duration: 60 })], 0);
    vi.advanceTimersByTime(200);
    actions().playQueue([makeSong(2, { duration: 300 })], 0);
    rig.engine.seekTo(120);
    expect(state().positionS).toBe(120);
    vi.advanceTimersByTime(200);
    expect(rig.audio.src).toContain('song0002/320kbps.mp4?timeOffset=120.0');
  });
});
