import { describe, expect, it } from 'vitest';
import { AUDIO_QUALITIES, pickSourceUrl, resolveQuality } from './audio-quality.js';

describe('audio quality (SPEC#states-audio-quality, SPEC#limits-player)', () => {
  it('has the five tiers indexed 0 to 4', () => {
    expect(AUDIO_QUALITIES).toEqual(['12kbps', '48kbps', '96kbps', '160kbps', '320kbps']);
  });

  it('defaults to 320kbps at index 4 and asks to store it when nothing is saved', () => {
    expect(resolveQuality(null)).toEqual({ quality: '320kbps', index: 4, store: true });
  });

  it('restores a known stored quality without storing again', () => {
    expect(resolveQuality('96kbps')).toEqual({ quality: '96kbps', index: 2, store: false });
  });

  it('replaces an unknown stored value with the default', () => {
    expect(resolveQuality('999kbps')).toEqual({ quality: '320kbps', index: 4, store: true });
    expect(resolveQuality('')).toEqual({ quality: '320kbps', index: 4, store: true });
  });
});

describe('source address by quality', () => {
  const links = AUDIO_QUALITIES.map((q) => ({ quality: q, url: `https://h/a_${q}.mp4` }));

  it('plays the entry with the stored quality label', () => {
    expect(pickSourceUrl(links, '160kbps')).toBe('https://h/a_160kbps.mp4');
    expect(pickSourceUrl([...links].reverse(), '48kbps')).toBe('https://h/a_48kbps.mp4');
  });

  it('falls back to the index, then the best entry, and reads legacy `link`', () => {
    const unlabeled = links.map((l) => ({ url: l.url }));
    expect(pickSourceUrl(unlabeled, '96kbps')).toBe('https://h/a_96kbps.mp4');
    expect(pickSourceUrl([{ quality: '12kbps', url: 'https://h/only.mp4' }], '320kbps')).toBe('https://h/only.mp4');
    expect(pickSourceUrl([{ quality: '320kbps', link: 'https://h/legacy.mp4' }], '320kbps')).toBe('https://h/legacy.mp4');
  });

  it('gives null when the song has nothing to play', () => {
    expect(pickSourceUrl([], '320kbps')).toBeNull();
    expect(pickSourceUrl(false, '320kbps')).toBeNull();
    expect(pickSourceUrl(undefined, '320kbps')).toBeNull();
  });
});
