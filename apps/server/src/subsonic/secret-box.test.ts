import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_FILE, loadOrCreateKey, secretBox } from './secret-box.js';

describe('subsonic secret box', () => {
  it('makes one key file with mode 0600 and opens what it sealed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lyra-subsonic-key-'));
    try {
      const key = await loadOrCreateKey(dir);
      expect((await stat(join(dir, KEY_FILE))).mode & 0o777).toBe(0o600);
      expect((await loadOrCreateKey(dir)).equals(key)).toBe(true);
      const box = secretBox(key);
      const sealed = box.seal('app password');
      expect(sealed).not.toContain('app password');
      expect(box.seal('app password')).not.toBe(sealed);
      expect(box.open(sealed)).toBe('app password');
      const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
      expect(box.open(tampered)).toBeNull();
      expect(secretBox(Buffer.alloc(32, 1)).open(sealed)).toBeNull();
      expect(box.open('garbage')).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
