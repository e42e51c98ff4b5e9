import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient } from '../test/sdk.js';
import { useTestServer } from './test/fixtures.js';

/** Behind a reverse proxy on loopback: the client address it forwards, and the sign-in and sign-up limits per address. */
describe.each(ENGINES)('accounts and sessions through the appwrite SDK (%s)', (engine) => {
  let n = 0;
  describe('behind a trusted reverse proxy (TRUST_PROXY=loopback)', () => {
    const p = useTestServer(engine, { TRUST_PROXY: 'loopback', RATE_LIMITS: 'on' });
    const post = (path: string, body: unknown, forwarded: string) =>
      fetch(`${p.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', 'x-forwarded-for': forwarded },
        body: JSON.stringify(body),
      });

    it('records the rightmost untrusted X-Forwarded-For hop', async () => {
      const email = `proxied${++n}@example.com`;
      await createSdkClient(p.baseUrl).account.create({ userId: ID.unique(), email, password: 'password123' });
      for (const [forwarded, ip] of [
        ['203.0.113.7', '203.0.113.7'],
        ['10.9.9.9, 203.0.113.7', '203.0.113.7'],
        ['203.0.113.7, 127.0.0.1', '203.0.113.7'],
        ['not-an-address', '127.0.0.1'],
      ]) {
        const res = await post('/v1/account/sessions/email', { email, password: 'password123' }, forwarded!);
        expect(res.status).toBe(201);
        expect(((await res.json()) as { ip: string }).ip).toBe(ip);
      }
    });

    it('cannot be bypassed by rotating client-written X-Forwarded-For entries', async () => {
      const email = `target${++n}@example.com`;
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await post('/v1/account/sessions/email', { email, password: `guess-${i}-guess` }, `10.0.${i}.1, 198.51.100.20`);
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);
    });

    it('limits sign-ups to 10 an hour per address, with 429 general_rate_limit_exceeded and Retry-After', async () => {
      const signUp = (i: number, ip: string) =>
        post('/v1/account', { userId: 'unique()', email: `signup${i}-${ip}@example.com`, password: 'password123' }, ip);
      for (let i = 0; i < 10; i++) expect((await signUp(i, '198.51.100.40')).status).toBe(201);
      const refused = await signUp(10, '198.51.100.40');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect((await signUp(0, '198.51.100.41')).status).toBe(201);
    });

    it('limits anonymous sessions to 50 an hour per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 51; i++) statuses.push((await post('/v1/account/sessions/anonymous', {}, '198.51.100.50')).status);
      expect(statuses.slice(0, 50).every((x) => x === 201)).toBe(true);
      expect(statuses[50]).toBe(429);
      expect((await post('/v1/account/sessions/anonymous', {}, '198.51.100.51')).status).toBe(201);
    });

    it('limits one address spraying many emails', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        const res = await post('/v1/account/sessions/email', { email: `spray${i}@example.com`, password: 'password123' }, '198.51.100.30');
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 30).every((x) => x === 401)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
      // Another address is unaffected.
      const other = await post('/v1/account/sessions/email', { email: 'spray0@example.com', password: 'password123' }, '198.51.100.31');
      expect(other.status).toBe(401);
    });
  });
});
