import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('config', () => {
  it('has working defaults for every variable', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATA_DIR).toMatch(/data$/);
    expect(c.MUSIC_DIR).toBe(c.DATA_DIR + '/demo-music');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SCAN_WATCH).toBe('on');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['VIDEO_WORKER', 'maybe'],
    ['ALLOWED_ORIGINS', 'ftp://x'],
  ])('rejects a bad %s with one line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(new RegExp(`^Invalid ${name}`));
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      expect(String((e as Error).message)).not.toContain('\n');
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PUBLIC_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
