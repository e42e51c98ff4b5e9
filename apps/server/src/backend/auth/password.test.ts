import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_COST, hashPassword, setPasswordCost, verifyPassword } from './password.js';

describe('password hashing', () => {
  // The tier's setup lowers the cost for speed (backend/test/fast-passwords.ts): this file checks the product's.
  beforeAll(() => setPasswordCost(PASSWORD_COST));

  it('stores scrypt with its parameters and a per-user salt', async () => {
    const a = await hashPassword('password123');
    const b = await hashPassword('password123');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('password123');
  });

  it('verifies the right password only', async () => {
    const h = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', h)).toBe(true);
    expect(await verifyPassword('correct horsE', h)).toBe(false);
    expect(await verifyPassword('', h)).toBe(false);
  });

  it('verifies a hash at the cost it names, so a cost raised later keeps old hashes valid', async () => {
    setPasswordCost({ N: 1024, r: 8, p: 1 });
    const cheap = await hashPassword('old password');
    setPasswordCost(PASSWORD_COST);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('old password', cheap)).toBe(true);
    expect(await verifyPassword('old passworD', cheap)).toBe(false);
  });

  it('treats Unicode forms of one password alike (NFKC)', async () => {
    const h = await hashPassword('caf\u00e9-pass');
    expect(await verifyPassword('cafe\u0301-pass', h)).toBe(true);
  });

  it.each(['', 'bcrypt$x', 'scrypt$0$8$1$c2FsdA$aGFzaA', 'scrypt$x$8$1$c2FsdA$aGFzaA', 'scrypt$16$8$1$$'])(
    'never matches a malformed hash %j',
    async (stored) => {
      expect(await verifyPassword('anything', stored)).toBe(false);
    },
  );
});
