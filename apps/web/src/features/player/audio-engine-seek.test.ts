// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { makeSong } from '../../test/songs.js';
import { actions, state, useEngineRig } from './audio-engine-rig.js';
import { setAudioQuality } from './quality-storage.js';

/**
 * Seeking never restarts a song: where the element cannot jump (a first
 * transcode still streaming, no Range), the tier is loaded again from the
 * position and the server starts there; quality changes and coming back
 * online keep the position and the playing state.
 */
const BASE = 'https://music.example/media/song0001/320kbps.mp4';

const rig = useEngineRig();

/** A first play: the live transcode streams, seekable nowhere, 1 s in. */
function firstPlay(song = makeSong(1, { duration: 200 })) {
  actions().playQueue([song], 0);
  vi.advanceTimersByTime(200);
  rig.audio.seekableEndS = 0;
  rig.audio.duration = 3;
  rig.audio.emit('loadedmetadata');
  rig.audio.emit('playing');
  rig.audio.currentTime = 1;
  rig.audio.emit('timeupdate');
}

describe('seeking during a first play', () => {
  it('loads the tier again from the position, keeps playing and shows the position at once', () => {
    firstPlay();
    rig.engine.seekTo(120);
    expect(rig.audio.src).toBe(`${BASE}?timeOffset=120.0`);
    expect(rig.audio.plays).toBe(2);
    expect(state().isPlaying).toBe(true);
    expect(state().positionS).toBe(120);
    expect(state().durationS).toBe(200);
    // The offset stream reports 0 until its first data: the shown position holds.
    rig.audio.currentTime = 0;
    rig.audio.emit('loadedmetadata');
    rig.audio.emit('timeupdate');
    expect(state().positionS).toBe(120);
    expect(rig.engine.positionS()).toBe(120);
    expect(rig.audio.currentTime).toBe(0);
    // Then it reports the song's own time, and the position follows it.
    rig.audio.currentTime = 120.02;
    rig.audio.emit('loadeddata');
    rig.audio.currentTime = 121;
    rig.audio.emit('timeupdate');
    expect(state().positionS).toBe(121);
    expect(rig.audio.sources).toHaveLength(2);
  });

  it('the 10 s buttons and a second seek count from the shown position, not the element’s', () => {
    firstPlay();
    rig.engine.seekTo(100);
    rig.engine.seekBy(10);
    expect(rig.audio.src).toBe(`${BASE}?timeOffset=110.0`);
    rig.engine.seekBy(-10);
    expect(rig.audio.src).toBe(`${BASE}?timeOffset=100.0`);
  });

  it('a seek to the start needs no offset', () => {
    firstPlay();
    rig.engine.seekTo(0);
    expect(rig.audio.src).toBe(BASE);
  });

  it('a paused song stays paused at the new position', () => {
    firstPlay();
    actions().setPlaying(false);
    const plays = rig.audio.plays;
    rig.engine.seekTo(50);
    expect(rig.audio.src).toBe(`${BASE}?timeOffset=50.0`);
    expect(rig.audio.plays).toBe(plays);
    expect(state().positionS).toBe(50);
    expect(state().isPlaying).toBe(false);
  });

  it('a cached tier seeks in the file, without a new load', () => {
    actions().playQueue([makeSong(1, { duration: 200 })], 0);
    vi.advanceTimersByTime(200);
    rig.audio.duration = 200;
    rig.audio.emit('loadedmetadata');
    rig.engine.seekTo(150);
    expect(rig.audio.currentTime).toBe(150);
    expect(rig.audio.sources).toEqual([BASE]);
  });

  it('a seek in the first 200 ms after a song change starts the load there', () => {
    actions().playQueue([makeSong(1, { duration: 200 })], 0);
    rig.engine.seekTo(30);
    vi.advanceTimersByTime(200);
    expect(rig.audio.sources).toEqual([`${BASE}?timeOffset=30.0`]);
  });

  it('a host that ignores the offset and cannot seek plays from where it starts', () => {
    firstPlay();
    rig.engine.seekTo(120);
    rig.audio.currentTime = 0;
    rig.audio.emit('loadeddata');
    rig.audio.currentTime = 0.5;
    rig.audio.emit('timeupdate');
    expect(state().positionS).toBe(0.5);
  });

  it('other hosts’ addresses get no offset; the engine seeks once the file is open', () => {
    const mirror = makeSong(1, {
      duration: 200,
      downloadUrl: [{ quality: '320kbps', url: 'https://cdn.example/aac/abc_320.mp4' }],
    });
    actions().playQueue([mirror], 0);
    vi.advanceTimersByTime(200);
    rig.audio.seekableEndS = 0;
    rig.engine.seekTo(60);
    expect(rig.audio.src).toBe('https://cdn.example/aac/abc_320.mp4');
    rig.audio.seekableEndS = 200;
    rig.audio.emit('loadedmetadata');
    expect(rig.audio.currentTime).toBe(60);
  });
});

describe('quality changes in place', () => {
  it('keeps the position and the playing state on a cached tier', () => {
    actions().playQueue([makeSong(1, { duration: 200 })], 0);
    vi.advanceTimersByTime(200);
    rig.audio.emit('playing');
    rig.audio.currentTime = 30;
    rig.audio.emit('timeupdate');
    setAudioQuality('96kbps');
    expect(rig.audio.src).toBe('https://music.example/media/song0001/96kbps.mp4?timeOffset=30.0');
    expect(rig.audio.paused).toBe(false);
    expect(state().isPlaying).toBe(true);
    rig.audio.currentTime = 0;
    rig.audio.emit('loadedmetadata');
    expect(rig.audio.currentTime).toBe(30);
    expect(state().positionS).toBe(30);
  });

  it('keeps the position while a first play streams (the offset stream starts there)', () => {
    firstPlay();
    rig.engine.seekTo(80);
    setAudioQuality('48kbps');
    expect(rig.audio.src).toBe('https://music.example/media/song0001/48kbps.mp4?timeOffset=80.0');
    expect(state().positionS).toBe(80);
  });
});

describe('offline', () => {
  it('a song that cannot load offline says so, and resumes at the same position when back online', () => {
    actions().playQueue([makeSong(1, { duration: 200 })], 0);
    vi.advanceTimersByTime(200);
    rig.audio.emit('playing');
    rig.audio.currentTime = 42;
    rig.audio.emit('timeupdate');
    rig.online = false;
    rig.audio.fail(4);
    expect(state().error).toBe('You are offline. Reconnecting...');
    expect(state().isPlaying).toBe(false);
    rig.online = true;
    rig.network.dispatchEvent(new Event('online'));
    expect(state().error).toBeNull();
    expect(state().isPlaying).toBe(true);
    expect(rig.audio.src).toBe(`${BASE}?timeOffset=42.0`);
    expect(rig.audio.paused).toBe(false);
  });

  it('online, the same error is the codec’s (SPEC#errors-media-errors)', () => {
    actions().playQueue([makeSong(1)], 0);
    vi.advanceTimersByTime(200);
    rig.audio.fail(4);
    expect(state().error).toBe('Audio format not supported');
  });
});
