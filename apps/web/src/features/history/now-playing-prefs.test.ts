import { describe, expect, it } from 'vitest';
import { dueForSave, readNowPlaying, withNowPlaying } from './now-playing-prefs.js';

describe('now playing in account prefs', () => {
  it('writes next to the other preferences and reads back', () => {
    const prefs = withNowPlaying({ theme: 'dark' }, { songId: 's1', positionS: 61.234, savedAt: 5 });
    expect(prefs).toEqual({ theme: 'dark', nowPlaying: { songId: 's1', positionS: 61.2, savedAt: 5 } });
    expect(readNowPlaying(prefs)).toEqual({ songId: 's1', positionS: 61.2, savedAt: 5 });
  });

  it('keeps the app that saved it, when it says', () => {
    const prefs = withNowPlaying({}, { songId: 's1', positionS: 3, savedAt: 5, deviceId: 'tab-1' });
    expect(readNowPlaying(prefs)).toEqual({ songId: 's1', positionS: 3, savedAt: 5, deviceId: 'tab-1' });
    expect(readNowPlaying({ nowPlaying: { songId: 's1', positionS: 3, savedAt: 5, deviceId: 7 } })).toEqual({ songId: 's1', positionS: 3, savedAt: 5 });
  });

  it('ignores what is not a saved position', () => {
    for (const bad of [undefined, {}, { nowPlaying: 'x' }, { nowPlaying: { songId: '', positionS: 1 } }, { nowPlaying: { songId: 's', positionS: 'x' } }]) {
      expect(readNowPlaying(bad as Record<string, unknown> | undefined)).toBeNull();
    }
  });

  it('saves every 10 s while playing, and at once on pause', () => {
    expect(dueForSave(0, 9_999, false)).toBe(false);
    expect(dueForSave(0, 10_000, false)).toBe(true);
    expect(dueForSave(9_000, 9_500, true)).toBe(true);
  });
});
