import { describe, expect, it } from 'vitest';
import { mediaErrorAction, mediaErrorMessage } from './media-errors.js';

describe('media errors (SPEC#errors-media-errors)', () => {
  it('names each code with the catalogue message', () => {
    expect(mediaErrorMessage(1)).toBe('Playback was aborted');
    expect(mediaErrorMessage(2)).toBe('Network error occurred');
    expect(mediaErrorMessage(3)).toBe('Audio file is corrupted');
    expect(mediaErrorMessage(4)).toBe('Audio format not supported');
    expect(mediaErrorMessage(7)).toBe('Unknown error occurred');
    expect(mediaErrorMessage(null)).toBe('Unknown error occurred');
  });

  it('retries a network error 3 times with a growing delay, then stops', () => {
    expect(mediaErrorAction(2, 0)).toEqual({ kind: 'retry', delayMs: 1000 });
    expect(mediaErrorAction(2, 1)).toEqual({ kind: 'retry', delayMs: 2000 });
    expect(mediaErrorAction(2, 2)).toEqual({ kind: 'retry', delayMs: 3000 });
    expect(mediaErrorAction(2, 3)).toEqual({ kind: 'stop', message: 'Network error occurred' });
  });

  it('stops at once on every other error', () => {
    expect(mediaErrorAction(1, 0)).toEqual({ kind: 'stop', message: 'Playback was aborted' });
    expect(mediaErrorAction(3, 0)).toEqual({ kind: 'stop', message: 'Audio file is corrupted' });
    expect(mediaErrorAction(4, 0)).toEqual({ kind: 'stop', message: 'Audio format not supported' });
    expect(mediaErrorAction(undefined, 0)).toEqual({ kind: 'stop', message: 'Unknown error occurred' });
  });
});

describe('offline', () => {
  it('any error while offline stops with the offline banner words, never a codec error', () => {
    for (const code of [1, 2, 3, 4, null]) {
      expect(mediaErrorAction(code, 0, false)).toEqual({ kind: 'offline', message: 'You are offline. Reconnecting...' });
    }
    expect(mediaErrorAction(4, 0, true)).toEqual({ kind: 'stop', message: 'Audio format not supported' });
  });
});
