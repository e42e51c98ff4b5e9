import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh high-entropy secret (256 bits), URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Secrets we mint are random 256-bit values, so a fast hash is enough to make a
 * stolen table useless (no dictionary to try); passwords use scrypt instead.
 */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Compares two strings without leaking where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
