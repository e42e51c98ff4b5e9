import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt with a per-user 16-byte salt. N = 2^15, r = 8, p = 1 (RFC 7914 §2
 * parameters; OWASP's minimum for scrypt), about 32 MiB and tens of
 * milliseconds per hash. Stored as `scrypt$N$r$p$salt$hash` (base64url), so
 * the cost can be raised later without breaking old hashes.
 */
export const PASSWORD_COST = { N: 32768, r: 8, p: 1 } as const;
let PARAMS: { N: number; r: number; p: number } = PASSWORD_COST;
const KEY_LEN = 32;

/**
 * The cost of new hashes. Only the server's own test runs lower it (apps/server/src/test/setup.ts), as test
 * runners of other servers lower bcrypt's: thousands of sign-ups there would otherwise spend minutes of CPU
 * in scrypt. A stored hash names its own cost, so verifying is unaffected. Not read from configuration.
 */
export function setPasswordCost(params: { N: number; r: number; p: number }): void {
  PARAMS = params;
}

const derive = (password: string, salt: Buffer, o: { N: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = { ...o, maxmem: 256 * o.N * o.r };
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, options, (err, key) => (err ? reject(err) : resolve(key)));
  });

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const o = { N: Number(n), r: Number(r), p: Number(p) };
  if (![o.N, o.r, o.p].every((x) => Number.isInteger(x) && x > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), o);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing, checked when the email is unknown so both paths cost the same. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));
