// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { makeSong, makeSongs } from '../../test/songs.js';
import { actions, state, useEngineRig } from './audio-engine-rig.js';

const rig = useEngineRig();

describe('audio engine: Media Session (SPEC#states-player)', () => {
  it('publishes the song and answers the six actions', () => {
    actions().playQueue(makeSongs(3), 1);
    vi.advanceTimersByTime(200);
    expect(rig.media.session.metadata).toMatchObject({ title: 'Song 2', artist: 'An Artist With A Long Name', album: 'An Album' });
    rig.audio.duration = 200;
    rig.audio.currentTime = 50;
    rig.media.call('seekforward');
    expect(rig.audio.currentTime).toBe(60);
    rig.media.call('seekbackward');
    rig.media.call('seekbackward');
    expect(rig.audio.currentTime).toBe(40);
    rig.media.call('pause');
    expect(state().isPlaying).toBe(false);
    rig.media.call('play');
    expect(state().isPlaying).toBe(true);
    rig.media.call('nexttrack');
    expect(state().currentIndex).toBe(2);
    rig.media.call('previoustrack');
    rig.media.call('previoustrack');
    expect(state().currentIndex).toBe(0);
  });

  it('seeks stay inside the song', () => {
    actions().playQueue([makeSong(1, { duration: null })], 0);
    vi.advanceTimersByTime(200);
    rig.audio.duration = 30;
    rig.engine.seekTo(99);
    expect(rig.audio.currentTime).toBe(30);
    rig.engine.seekBy(-100);
    expect(rig.audio.currentTime).toBe(0);
  });

  it("shows the catalogue's length while a first transcode is still streaming (the element knows only what has arrived)", () => {
    actions().playQueue([makeSong(1, { duration: 180 })], 0);
    vi.advanceTimersByTime(200);
    rig.audio.duration = 2;
    rig.audio.dispatchEvent(new Event('durationchange'));
    expect(state().durationS).toBe(180);
    rig.engine.seekTo(99);
    expect(rig.audio.currentTime).toBe(99);
    // A file longer than the catalogue says: the element's length wins.
    rig.audio.duration = 181.5;
    rig.audio.dispatchEvent(new Event('durationchange'));
    expect(state().durationS).toBe(181.5);
  });
});
