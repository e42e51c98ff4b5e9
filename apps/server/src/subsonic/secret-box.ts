import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * AES-256-GCM for the few secrets the server must be able to read back (the
 * app passwords token authentication needs: t = md5(password + salt)). The key
 * lives in DATA_DIR/subsonic.key (32 random bytes, base64, mode 0600), made on
 * first use; the database alone does not reveal the passwords.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Null when the text was not sealed with this key (or was altered). */
  open(sealed: string): string | null;
}

export const KEY_FILE = 'subsonic.key';

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the subsonic key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [v, iv, tag, data] = sealed.split('.');
      if (v !== 'v1' || iv === undefined || tag === undefined || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The data folder's key: read it, or make it (exclusive create, so two processes cannot both write one). */
export async function loadOrCreateKey(dataDir: string): Promise<Buffer> {
  const file = join(dataDir, KEY_FILE);
  const read = async () => {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
    return key;
  };
  try {
    return await read();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return read();
}
