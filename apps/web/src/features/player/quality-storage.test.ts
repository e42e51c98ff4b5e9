import { describe, expect, it, vi } from 'vitest';
import type { StorageLike } from '../../shared/lib/storage.js';
import { onAudioQualityChange, QUALITY_KEY, readAudioQuality, setAudioQuality } from './quality-storage.js';

const memory = (init: Record<string, string> = {}): StorageLike & { data: Record<string, string> } => {
  const data = { ...init };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => void (data[k] = v),
    removeItem: (k) => void delete data[k],
  };
};

describe('stored audio quality (SPEC#states-audio-quality: localStorage audioQuality)', () => {
  it('defaults to 320kbps and stores it when none is saved', () => {
    const storage = memory();
    expect(readAudioQuality(storage)).toBe('320kbps');
    expect(storage.data[QUALITY_KEY]).toBe('320kbps');
  });

  it('restores a known quality', () => {
    expect(readAudioQuality(memory({ [QUALITY_KEY]: '48kbps' }))).toBe('48kbps');
  });

  it('replaces an unknown stored value with the default', () => {
    const storage = memory({ [QUALITY_KEY]: 'lossless' });
    expect(readAudioQuality(storage)).toBe('320kbps');
    expect(storage.data[QUALITY_KEY]).toBe('320kbps');
  });

  it('works when storage throws', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    expect(readAudioQuality(broken)).toBe('320kbps');
  });

  it('persists a change and tells listeners; ignores unknown tiers', () => {
    const storage = memory();
    const listener = vi.fn();
    const off = onAudioQualityChange(listener);
    setAudioQuality('12kbps', storage);
    expect(storage.data[QUALITY_KEY]).toBe('12kbps');
    expect(listener).toHaveBeenCalledWith('12kbps');
    setAudioQuality('7kbps' as never, storage);
    expect(storage.data[QUALITY_KEY]).toBe('12kbps');
    off();
    setAudioQuality('96kbps', storage);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
