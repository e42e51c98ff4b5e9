import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeSessionBlob } from '../backend/auth/session-blob.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { ENGINES } from '../test/db.js';

/**
 * Random bad input against every route family: no answer may be a 5xx. The
 * seed is fixed and the runs bounded, so a failure reproduces and the file
 * stays quick; fast-check prints the smallest request that fails.
 */
const SEED = 20261125;

interface Req {
  method: string;
  /** Path and query exactly as sent: may hold malformed percent-encoding on purpose. */
  path: string;
  body?: string;
  headers?: Record<string, string>;
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
const nasty = fc.oneof({ arbitrary: fc.string({ maxLength: 12 }), weight: 2 }, { arbitrary: poisoned, weight: 3 });

// Values JSON can carry that code may not expect: huge and odd numbers, odd dates, wrong types.
const HUGE_NUMBERS = [1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 1e21, 99999999999999999999, 0.1, -0, 5e-324];
const ODD_DATES = [
  '0000-01-01', '0000-01-01T00:00:00.000+00:00', '0001-01-01T00:30:00+01:00', '9999-12-31T23:00:00-05:00', '99999-01-01',
  '-000001-01-01', '+275760-09-13T00:00:00.000Z', '2026-13-45', '2026-02-30T25:61:61', '1970-01-01T00:00:00Z', '',
];
const scalar = fc.oneof(
  nasty,
  fc.constantFrom(...HUGE_NUMBERS, ...ODD_DATES, null, true, false),
  fc.double(),
  fc.integer(),
  fc.bigInt().map(String),
);
const { value: jsonish } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(nasty, fc.constantFrom('a', 'message', 'userName', '$id', '$permissions')), tie('value'), { maxKeys: 3 }),
  ),
}));

/** Percent-encodes what encodeURIComponent can, and writes lone surrogates as (invalid) CESU-8 bytes. */
function encodeLoose(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    out += code >= 0xd800 && code <= 0xdfff ? `%ED%${(0xa0 + ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (code & 0x3f)).toString(16).toUpperCase()}` : encodeURIComponent(ch);
  }
  return out;
}

/** A path segment or query value as sent: well encoded, or raw with malformed percent sequences. */
const RAW = ['%ff', '%E0%A4%A', '%00', '%', '%2', '%zz', '%ED%A0%80', '%2F', '%2e%2e', '%C0%AF', 'a', '1', '-', '_', '.', '~'];
const urlPart = fc.oneof(
  nasty.map(encodeLoose),
  fc.array(fc.constantFrom(...RAW), { minLength: 1, maxLength: 6 }).map((p) => p.join('')),
  fc.constantFrom('lyra', 'Feedback', 'Favorite', 'Playlist', 'History', 'unique()', 'x1', ''),
);
const numberish = fc.oneof(
  fc.constantFrom('99999999999999999999', '1e308', '-1', 'NaN', 'Infinity', '0x10', '', '1.5', '-0', '9007199254740993'),
  fc.bigInt().map(String),
  urlPart,
);

const QUERY_METHODS = [
  'equal', 'notEqual', 'lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual', 'between', 'notBetween', 'isNull',
  'isNotNull', 'startsWith', 'endsWith', 'search', 'contains', 'and', 'or', 'orderAsc', 'orderDesc', 'orderRandom',
  'cursorAfter', 'cursorBefore', 'limit', 'offset', 'select', 'createdBefore', 'createdAfter', 'createdBetween',
  'updatedBefore', 'updatedAfter', 'updatedBetween', 'exists', 'nope',
];
const appwriteQuery = fc.oneof(
  fc
    .record({
      method: fc.oneof(fc.constantFrom(...QUERY_METHODS), nasty),
      attribute: fc.oneof(fc.constantFrom('$id', '$createdAt', '$updatedAt', '$sequence', 'message', 'userName', 'songId', 'attempts'), nasty),
      values: fc.array(fc.oneof(jsonish, fc.record({ method: fc.constantFrom(...QUERY_METHODS), values: fc.array(scalar, { maxLength: 2 }) })), { maxLength: 3 }),
    })
    .map((q) => JSON.stringify(q)),
  nasty,
);
const queriesParam = fc
  .array(fc.tuple(fc.constantFrom('queries[]', 'queries[0]', 'queries[1]', 'queries'), appwriteQuery), { maxLength: 3 })
  .map((qs) => qs.map(([k, q]) => `${k}=${encodeLoose(q)}`).join('&'));

/** A request body: JSON of the expected shape with odd values, JSON of the wrong type, or not JSON. */
const bodyOf = (fields: string[]) =>
  fc.oneof(
    fc.dictionary(fc.oneof(fc.constantFrom(...fields), nasty), jsonish, { maxKeys: fields.length + 1 }).map((o) => JSON.stringify(o)),
    jsonish.map((v) => JSON.stringify(v) ?? ''),
    nasty,
    fc.constant(''),
  );

const goodBlob = { cookie: '' };
const credentials = fc.oneof(
  fc.constant('good'),
  fc.constant('none'),
  fc.record({ id: nasty, secret: nasty }).map(({ id, secret }) => encodeSessionBlob({ userId: id, secret })),
  nasty.map(encodeLoose),
);
const withCredentials = (req: Req, cred: string): Req => {
  const cookie = cred === 'good' ? goodBlob.cookie : cred === 'none' ? '' : `a_session_lyra=${cred}`;
  return { ...req, headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', ...(cookie ? { cookie } : {}), ...req.headers } };
};

const DB = (db: string, col: string) => `/v1/databases/${db}/collections/${col}/documents`;
const ROWS = (db: string, table: string) => `/v1/tablesdb/${db}/tables/${table}/rows`;

const backendRequest: fc.Arbitrary<Req> = fc
  .tuple(
    fc.oneof(
      fc.tuple(fc.constantFrom('GET', 'DELETE'), fc.constantFrom('/v1/account', '/v1/account/prefs', '/v1/account/sessions', '/v1/account/identities', '/v1/ping')).map(
        ([method, path]) => ({ method, path }),
      ),
      fc.tuple(fc.constantFrom('GET', 'PATCH', 'DELETE'), urlPart).map(([method, id]) => ({ method, path: `/v1/account/sessions/${id}` })),
      fc.tuple(bodyOf(['userId', 'email', 'password', 'name'])).map(([body]) => ({ method: 'POST', path: '/v1/account', body })),
      fc.tuple(fc.constantFrom('email', 'anonymous', 'token'), bodyOf(['email', 'password', 'userId', 'secret'])).map(([kind, body]) => ({
        method: 'POST',
        path: `/v1/account/sessions/${kind}`,
        body,
      })),
      fc.tuple(fc.constantFrom('prefs', 'name', 'password'), bodyOf(['prefs', 'name', 'password', 'oldPassword'])).map(([what, body]) => ({
        method: 'PATCH',
        path: `/v1/account/${what}`,
        body,
      })),
      fc.tuple(urlPart, urlPart, queriesParam, fc.option(fc.tuple(fc.constantFrom('total', 'transactionId'), numberish))).map(([db, col, q, extra]) => ({
        method: 'GET',
        path: `${DB(db, col)}?${q}${extra ? `&${extra[0]}=${extra[1]}` : ''}`,
      })),
      fc.tuple(fc.constantFrom('lyra'), fc.constantFrom('Feedback', 'Favorite', 'Playlist', 'History', 'VideoRequest'), urlPart, queriesParam).map(
        ([db, col, id, q]) => ({ method: 'GET', path: `${DB(db, col)}/${id}?${q}` }),
      ),
      fc.tuple(fc.constantFrom('Feedback', 'Favorite', 'Playlist', 'VideoRequest'), bodyOf(['documentId', 'data', 'permissions', 'transactionId'])).map(
        ([col, body]) => ({ method: 'POST', path: DB('lyra', col), body }),
      ),
      // Well-formed creates with odd values, so the data reaches validation and the database.
      fc
        .record({
          documentId: fc.oneof(fc.constant('unique()'), nasty),
          data: fc.record({ message: scalar, userName: scalar, userId: scalar, songId: scalar, name: scalar }, { requiredKeys: [] }),
          permissions: fc.option(fc.array(fc.oneof(nasty, fc.constantFrom('read("any")', 'update("user:fuzzer")', 'delete("users")')), { maxLength: 3 }), { nil: undefined }),
        })
        .chain((body) => fc.constantFrom('Feedback', 'Favorite', 'Playlist').map((col) => ({ method: 'POST', path: DB('lyra', col), body: JSON.stringify(body) }))),
      fc.tuple(fc.constantFrom('PATCH', 'PUT', 'DELETE'), fc.constantFrom('Feedback', 'Playlist'), urlPart, bodyOf(['data', 'permissions'])).map(
        ([method, col, id, body]) => ({ method, path: `${DB('lyra', col)}/${id}`, body }),
      ),
      fc.tuple(fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE'), urlPart, queriesParam, bodyOf(['rowId', 'data', 'permissions'])).map(
        ([method, id, q, body]) => ({
          method,
          path: method === 'POST' ? ROWS('lyra', 'Feedback') : method === 'GET' && id === '' ? `${ROWS('lyra', 'Feedback')}?${q}` : `${ROWS('lyra', 'Feedback')}/${id}`,
          ...(method === 'GET' ? {} : { body }),
        }),
      ),
      fc.tuple(urlPart, urlPart).map(([project, channel]) => ({ method: 'GET', path: `/v1/realtime?project=${project}&channels[]=${channel}` })),
      fc.tuple(fc.constantFrom('tokens', 'sessions'), urlPart, urlPart).map(([kind, provider, url]) => ({
        method: 'GET',
        path: `/v1/account/${kind}/oauth2/${provider}?success=${url}&failure=${url}`,
      })),
      fc.tuple(urlPart).map(([rest]) => ({ method: 'GET', path: `/v1/${rest}` })),
    ),
    credentials,
  )
  .map(([req, cred]) => withCredentials(req, cred));

const catalogueRequest: fc.Arbitrary<Req> = fc.oneof(
  fc.tuple(fc.constantFrom('', '/songs', '/albums', '/artists', '/playlists'), urlPart, numberish, numberish).map(([kind, q, page, limit]) => ({
    method: 'GET',
    path: `/api/search${kind}?query=${q}&page=${page}&limit=${limit}`,
  })),
  fc.tuple(urlPart, fc.constantFrom('', '/lyrics', '/suggestions'), numberish).map(([id, sub, limit]) => ({
    method: 'GET',
    path: `/api/songs/${id}${sub}?limit=${limit}`,
  })),
  fc.tuple(fc.constantFrom('songs?ids', 'songs?link', 'albums?id', 'albums?link', 'playlists?id', 'artists?id', 'artists?link'), urlPart, numberish).map(
    ([what, v, page]) => ({ method: 'GET', path: `/api/${what}=${v}&page=${page}&limit=${page}` }),
  ),
  fc.tuple(urlPart, fc.constantFrom('songs', 'albums'), numberish, urlPart).map(([id, what, page, sort]) => ({
    method: 'GET',
    path: `/api/artists/${id}/${what}?page=${page}&sortBy=${sort}&sortOrder=${sort}`,
  })),
  fc.constantFrom<Req>({ method: 'GET', path: '/api/home/rows' }, { method: 'GET', path: '/api/admin/status' }),
  fc.tuple(urlPart, numberish).map(([id, quality]) => ({ method: 'GET', path: `/download?id=${id}&quality=${quality}` })),
  fc.tuple(urlPart, urlPart).map(([id, file]) => ({ method: 'GET', path: `/videos/${id}/${file}` })),
  fc.tuple(fc.constantFrom('POST', 'PUT', 'DELETE'), urlPart, nasty).map(([method, rest, body]) => ({ method, path: `/api/${rest}`, body })),
);

/** Media and images are answered by the raw Node fast path: these go to a listening server. */
const mediaRequest: fc.Arbitrary<Req> = fc.oneof(
  fc.tuple(urlPart, fc.constantFrom('12', '48', '96', '160', '320', 'x', ''), fc.constantFrom('mp4', 'mp3', 'm4a', 'flac', ''), numberish).map(
    ([id, tier, ext, offset]) => ({ method: 'GET', path: `/media/${id}/${tier}.${ext}?timeOffset=${offset}` }),
  ),
  fc.tuple(urlPart, fc.constantFrom('50', '150', '500', '0', 'x')).map(([id, size]) => ({ method: 'GET', path: `/images/${id}/${size}.jpg` })),
  fc.tuple(fc.constantFrom('/media/', '/images/'), urlPart).map(([root, rest]) => ({ method: 'GET', path: root + rest })),
);

const webRequest: fc.Arbitrary<Req> = fc.oneof(
  fc.tuple(fc.constantFrom('', 'player/', 'album/', 'playlist/', 'artist/', 'assets/', 'search/', '.well-known/'), urlPart).map(([dir, seg]) => ({
    method: 'GET',
    path: `/${dir}${seg}`,
  })),
  fc.tuple(urlPart).map(([q]) => ({ method: 'GET', path: `/config.json?${q}` })),
  fc.constantFrom<Req>({ method: 'GET', path: '/healthz' }, { method: 'GET', path: '/readyz' }),
  fc.tuple(fc.constantFrom('POST', 'PUT', 'DELETE'), urlPart, nasty).map(([method, seg, body]) => ({ method, path: `/${seg}`, body })),
);

const show = (r: Req) => `${r.method} ${JSON.stringify(r.path)}${r.body !== undefined ? ` body=${JSON.stringify(r.body.slice(0, 200))}` : ''}`;

describe.each(ENGINES)('no bad input ends in a server error (%s)', (engine) => {
  let t: TestApp;
  let webDir: string;
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'lyra-fuzz-web-'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp(engine, { WEB_DIR: webDir });
    const headers = { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' };
    await t.app.request('/v1/account', {
      method: 'POST',
      headers,
      body: JSON.stringify({ userId: 'fuzzer', email: 'fuzz@example.com', password: 'password123' }),
    });
    const signIn = await t.app.request('/v1/account/sessions/email', {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'fuzz@example.com', password: 'password123' }),
    });
    goodBlob.cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
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

  /** In process, as the HTTP server would hand it to Hono. */
  const inProcess = async (r: Req) => {
    const res = await t.app.request(r.path, {
      method: r.method,
      headers: r.headers ?? {},
      ...(r.body !== undefined && r.method !== 'GET' ? { body: r.body } : {}),
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  /** Over the socket, the path sent byte for byte. */
  const overHttp = (r: Req) =>
    new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: r.method, path: r.path, headers: r.headers ?? {} }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }));
      });
      req.on('error', reject);
      req.end(r.body);
    });

  type Answer = { status: number; type: string; text: string };
  /** Transactions are refused by design with Appwrite's 501 general_not_implemented: the one 5xx that is not a server error. */
  const designed501 = (res: Answer) => res.status === 501 && res.text.includes('"type":"general_not_implemented"');
  const property = (arb: fc.Arbitrary<Req>, send: (r: Req) => Promise<Answer>, check?: (r: Req, res: Answer) => void) =>
    fc.asyncProperty(arb, async (r) => {
      const res = await send(r);
      if (!designed501(res)) expect(res.status, `${show(r)} -> ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
      check?.(r, res);
    });

  it('backend routes (accounts, sessions, documents, rows, realtime handshake, OAuth): every answer is below 500 (but the designed 501), errors in Appwrite shape', async () => {
    await fc.assert(
      property(backendRequest, inProcess, (r, res) => {
        if (res.status < 400) return;
        const body = JSON.parse(res.text) as { code?: unknown; type?: unknown; message?: unknown };
        expect(body.code, show(r)).toBe(res.status);
        expect(typeof body.type, show(r)).toBe('string');
        expect(typeof body.message, show(r)).toBe('string');
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('catalogue routes (/api, /download, /videos): every answer is below 500, /api errors as {success:false, message}', async () => {
    await fc.assert(
      property(catalogueRequest, inProcess, (r, res) => {
        // Other catalogue paths a route does not take fall through to the web app's 404 page.
        if (res.status < 400 || !r.path.startsWith('/api/')) return;
        const body = JSON.parse(res.text) as { success?: unknown; message?: unknown };
        expect(body.success, show(r)).toBe(false);
        expect(typeof body.message, show(r)).toBe('string');
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('media and images over a listening server: every answer is below 500', async () => {
    await fc.assert(property(mediaRequest, overHttp), { seed: SEED, numRuns: 120 });
  });

  it('web paths and health probes: every answer is below 500', async () => {
    await fc.assert(property(webRequest, inProcess), { seed: SEED, numRuns: 100 });
  });
});
