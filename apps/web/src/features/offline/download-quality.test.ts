import { describe, expect, it } from 'vitest';
import { DOWNLOAD_QUALITY_KEY, readDownloadQuality, writeDownloadQuality } from './download-quality.js';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
};

describe('download quality', () => {
  it('is 160 kbps until the listener picks another', () => {
    expect(readDownloadQuality(memory())).toBe('160kbps');
  });

  it('keeps the listener\'s choice on this device', () => {
    const s = memory();
    writeDownloadQuality('320kbps', s);
    expect(s.m.get(DOWNLOAD_QUALITY_KEY)).toBe('320kbps');
    expect(readDownloadQuality(s)).toBe('320kbps');
  });

  it('falls back to the default for a stored value it does not offer (a data-saving tier, junk)', () => {
    for (const bad of ['12kbps', '48kbps', 'best', '']) {
      const s = memory();
      s.setItem(DOWNLOAD_QUALITY_KEY, bad);
      expect(readDownloadQuality(s), bad).toBe('160kbps');
    }
  });
});
