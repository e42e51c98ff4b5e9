import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import { encodeSessionBlob } from '../../backend/module.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { Engine } from '../../test/db.js';

/**
 * What the seeded fuzz tests (fuzz.test.ts, fuzz-accounts.test.ts) share:
 * generators of bad input and a real app to send it to. The seed is fixed
 * and the runs bounded, so a failure reproduces; fast-check prints the
 * smallest request that fails.
 */
export const SEED = 20261125;

export interface Req {
  method: string;
  /** Path and query exactly as sent: may hold malformed percent-encoding on purpose. */
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Backend credentials, resolved when sent: a live session of a test user ('good', 'other'), none, or a forged blob. */
  cred?: string;
}

// Characters and fragments that have broken servers: NUL, lone surrogates, percent and URL syntax, JSON syntax.
const NASTY = ['\0', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '%', '%ff', '%E0%A4%A', '%00', '%ED%A0%80', '+', '&', '=', '?', '#', '/', '..', '"', '\\', '{', '}', '[', ']', "'", ';', '*', ' ', '\n', 'é', '🎵', '日'];
const unit = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.string({ unit: 'binary', maxLength: 3 }),
  fc.constantFrom('a', 'Z', '0', '9', '-', '_', '.'),
);
const poisoned = fc.array(unit, { maxLength: 10 }).map((parts) => parts.join(''));
/** Mostly ordinary text (so requests get past validation into the routes), often poisoned. */
export const nasty = fc.oneof({ arbitrary: fc.string({ maxLength: 12 }), weight: 2 }, { arbitrary: poisoned, weight: 3 });

// Values JSON can carry that code may not expect: huge and odd numbers, odd dates, wrong types.
const HUGE_NUMBERS = [1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 1e21, 99999999999999999999, 0.1, -0, 5e-324];
const ODD_DATES = [
  '0000-01-01', '0000-01-01T00:00:00.000+00:00', '0001-01-01T00:30:00+01:00', '9999-12-31T23:00:00-05:00', '99999-01-01',
  '-000001-01-01', '+275760-09-13T00:00:00.000Z', '2026-13-45', '2026-02-30T25:61:61', '1970-01-01T00:00:00Z', '',
];
export const scalar = fc.oneof(
  nasty,
  fc.constantFrom(...HUGE_NUMBERS, ...ODD_DATES, null, true, false),
  fc.double(),
  fc.integer(),
  fc.bigInt().map(String),
);
export const { value: jsonish } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(nasty, fc.constantFrom('a', 'message', 'userName', '$id', '$permissions')), tie('value'), { maxKeys: 3 }),
  ),
}));

/** Percent-encodes what encodeURIComponent can, and writes lone surrogates as (invalid) CESU-8 bytes. */
export function encodeLoose(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    out += code >= 0xd800 && code <= 0xdfff ? `%ED%${(0xa0 + ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (code & 0x3f)).toString(16).toUpperCase()}` : encodeURIComponent(ch);
  }
  return out;
}

/** A path segment or query value as sent: well encoded, or raw with malformed percent sequences. */
const RAW = ['%ff', '%E0%A4%A', '%00', '%', '%2', '%zz', '%ED%A0%80', '%2F', '%2e%2e', '%C0%AF', 'a', '1', '-', '_', '.', '~'];
export const urlPart = fc.oneof(
  nasty.map(encodeLoose),
  fc.array(fc.constantFrom(...RAW), { minLength: 1, maxLength: 6 }).map((p) => p.join('')),
  fc.constantFrom('lyra', 'Feedback', 'Favorite', 'Playlist', 'History', 'unique()', 'x1', ''),
);
export const numberish = fc.oneof(
  fc.constantFrom('99999999999999999999', '1e308', '-1', 'NaN', 'Infinity', '0x10', '', '1.5', '-0', '9007199254740993'),
  fc.bigInt().map(String),
  urlPart,
);

/**
 * A request body: JSON with odd keys and values, JSON of the expected fields
 * with odd values or (from `likely`) values the route accepts, so some
 * requests get past validation into the work; JSON of the wrong type, or not
 * JSON.
 */
export const bodyOf = (fields: string[], likely: Record<string, readonly unknown[]> = {}) =>
  fc.oneof(
    fc.dictionary(fc.oneof(fc.constantFrom(...fields), nasty), jsonish, { maxKeys: fields.length + 1 }).map((o) => JSON.stringify(o)),
    {
      arbitrary: fc
        .record(Object.fromEntries(fields.map((f) => [f, likely[f] ? fc.oneof(fc.constantFrom(...likely[f]), scalar) : scalar])))
        .map((o) => JSON.stringify(o)),
      weight: 3,
    },
    jsonish.map((v) => JSON.stringify(v) ?? ''),
    nasty,
    fc.constant(''),
  );

/** Backend credentials: the fuzzing user's live session, none, or forged ones. */
export const credentials = fc.oneof(
  fc.constant('good'),
  fc.constant('none'),
  fc.record({ id: nasty, secret: nasty }).map(({ id, secret }) => encodeSessionBlob({ userId: id, secret })),
  nasty.map(encodeLoose),
);

export const show = (r: Req) => `${r.method} ${JSON.stringify(r.path)}${r.cred ? ` as ${r.cred}` : ''}${r.body !== undefined ? ` body=${JSON.stringify(r.body.slice(0, 200))}` : ''}`;

export type Answer = { status: number; type: string; text: string };

const JSON_HEADERS = { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' };

/** The real app on a fresh `engine` database, for one test file: two signed-in users, in process and listening. */
export function useFuzzApp(engine: Engine) {
  const sessions: Record<string, { email: string; cookie: string }> = {
    good: { email: 'fuzz@example.com', cookie: '' },
    other: { email: 'fuzz-other@example.com', cookie: '' },
  };
  let t: TestApp;
  let webDir: string;
  let server: Server;
  let port = 0;

  const request = (path: string, init: RequestInit) => t.app.request(path, init);
  async function signIn(who: string): Promise<void> {
    const { email } = sessions[who]!;
    const res = await request('/v1/account/sessions/email', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, password: 'password123' }) });
    sessions[who]!.cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'lyra-fuzz-web-'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp(engine, { WEB_DIR: webDir });
    for (const [who, { email }] of Object.entries(sessions)) {
      await request('/v1/account', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ userId: `fuzz-${who}`, email, password: 'password123' }) });
      await signIn(who);
    }
    server = t.app.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const headersOf = (r: Req): Record<string, string> => {
    if (r.cred === undefined) return r.headers ?? {};
    const cookie = sessions[r.cred] ? sessions[r.cred]!.cookie : r.cred === 'none' ? '' : `a_session_lyra=${r.cred}`;
    return { ...JSON_HEADERS, ...(cookie ? { cookie } : {}), ...r.headers };
  };

  /** In process, as the HTTP server would hand it to Hono. */
  const inProcess = async (r: Req): Promise<Answer> => {
    const res = await request(r.path, {
      method: r.method,
      headers: headersOf(r),
      ...(r.body !== undefined && r.method !== 'GET' ? { body: r.body } : {}),
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  /** Over the socket, the path sent byte for byte. */
  const overHttp = (r: Req) =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: r.method, path: r.path, headers: headersOf(r) }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }));
      });
      req.on('error', reject);
      req.end(r.body);
    });

  /**
   * Signs the good user in again when a fuzzed call ended its session (a
   * DELETE of its sessions), so later runs still reach signed-in routes.
   */
  async function keepSignedIn(): Promise<void> {
    const res = await request('/v1/account', { headers: { ...JSON_HEADERS, cookie: sessions.good!.cookie } });
    if (res.status === 401) await signIn('good');
  }

  /**
   * The 5xx answers that are no server error, by design: transactions are
   * Appwrite's 501 general_not_implemented, and every phone call is 503
   * general_phone_disabled (this server has no SMS provider).
   */
  const designed = (res: Answer) =>
    (res.status === 501 && res.text.includes('"type":"general_not_implemented"')) ||
    (res.status === 503 && res.text.includes('"type":"general_phone_disabled"'));
  const property = (arb: fc.Arbitrary<Req>, send: (r: Req) => Promise<Answer>, check?: (r: Req, res: Answer) => void) =>
    fc.asyncProperty(arb, async (r) => {
      const res = await send(r);
      if (!designed(res)) expect(res.status, `${show(r)} -> ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
      check?.(r, res);
      if (r.cred === 'good' && r.method === 'DELETE') await keepSignedIn();
    });

  return { inProcess, overHttp, property };
}

/** Every /v1 error is Appwrite's `{message, code, type, version}` with the HTTP status as code. */
export function expectAppwriteError(r: Req, res: Answer): void {
  if (res.status < 400) return;
  const body = JSON.parse(res.text) as { code?: unknown; type?: unknown; message?: unknown; version?: unknown };
  expect(body.code, show(r)).toBe(res.status);
  expect(typeof body.type, show(r)).toBe('string');
  expect(typeof body.message, show(r)).toBe('string');
  expect(body.version, show(r)).toBe('1.9.6');
}
