// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { makeSongs } from '../../test/songs.js';
import { actions, state, useEngineRig } from './audio-engine-rig.js';

const rig = useEngineRig();

describe('audio engine: recovery (SPEC#states-player, SPEC#errors-media-errors)', () => {
  const playing = () => {
    actions().playQueue(makeSongs(2), 0);
    vi.advanceTimersByTime(200);
    rig.audio.emit('playing');
    rig.audio.currentTime = 61.5;
    rig.audio.emit('timeupdate');
  };

  it('a stall pauses, shows loading and retries from the same position after 2 s', () => {
    playing();
    rig.audio.emit('stalled');
    expect(rig.audio.paused).toBe(true);
    expect(state().isLoading).toBe(true);
    expect(state().isPlaying).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(rig.audio.sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(rig.audio.sources).toHaveLength(2);
    expect(rig.audio.src).toBe(rig.audio.sources[0] + '?timeOffset=61.5');
    rig.audio.emit('loadedmetadata');
    expect(rig.audio.currentTime).toBe(61.5);
    expect(rig.audio.paused).toBe(false);
  });

  it('retries a network error 3 times with a growing delay, then stops with its message', () => {
    playing();
    const reloadsAfter = (ms: number) => {
      vi.advanceTimersByTime(ms);
      return rig.audio.sources.length;
    };
    rig.audio.fail(2);
    expect(state().isLoading).toBe(true);
    expect(reloadsAfter(999)).toBe(1);
    expect(reloadsAfter(1)).toBe(2);
    rig.audio.fail(2);
    expect(reloadsAfter(1999)).toBe(2);
    expect(reloadsAfter(1)).toBe(3);
    rig.audio.fail(2);
    expect(reloadsAfter(2999)).toBe(3);
    expect(reloadsAfter(1)).toBe(4);
    rig.audio.fail(2);
    vi.advanceTimersByTime(10_000);
    expect(rig.audio.sources).toHaveLength(4);
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
    rig.audio.fail(code);
    vi.advanceTimersByTime(10_000);
    expect(state().error).toBe(message);
    expect(state().isPlaying).toBe(false);
    expect(rig.audio.sources).toHaveLength(1);
  });

  it("the browser's online event reloads and resumes from the same position", () => {
    playing();
    rig.network.dispatchEvent(new Event('online'));
    expect(rig.audio.sources).toHaveLength(2);
    rig.audio.emit('loadedmetadata');
    expect(rig.audio.currentTime).toBe(61.5);
    expect(rig.audio.paused).toBe(false);
  });

  it('after network errors stopped playback, coming back online resumes it', () => {
    playing();
    for (let i = 0; i < 4; i++) {
      rig.audio.fail(2);
      vi.advanceTimersByTime(5_000);
    }
    expect(state().isPlaying).toBe(false);
    rig.network.dispatchEvent(new Event('online'));
    expect(state().isPlaying).toBe(true);
    expect(state().error).toBeNull();
    expect(rig.audio.paused).toBe(false);
  });
});
