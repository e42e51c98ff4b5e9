import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../test/db.js';
import { bodyOf, credentials, expectAppwriteError, jsonish, nasty, numberish, scalar, SEED, urlPart, useFuzzApp, encodeLoose, type Req } from './test/fuzz-kit.js';

/**
 * Random bad input against every route family but the account API (that is
 * fuzz-accounts.test.ts): no answer may be a 5xx.
 */
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

const DB = (db: string, col: string) => `/v1/databases/${db}/collections/${col}/documents`;
const ROWS = (db: string, table: string) => `/v1/tablesdb/${db}/tables/${table}/rows`;

const backendRequest: fc.Arbitrary<Req> = fc
  .tuple(
    fc.oneof(
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
      fc.tuple(fc.constantFrom('GET', 'DELETE'), fc.constantFrom('/v1/ping')).map(([method, path]) => ({ method, path })),
      fc.tuple(urlPart).map(([rest]) => ({ method: 'GET', path: `/v1/${rest}` })),
    ),
    credentials,
  )
  .map(([req, cred]): Req => ({ ...req, cred }));

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

describe.each(ENGINES)('no bad input ends in a server error (%s)', (engine) => {
  const { inProcess, overHttp, property } = useFuzzApp(engine);

  it('backend routes (documents, rows, realtime handshake, OAuth, unknown paths): every answer is below 500 (but the designed 501 and 503), errors in Appwrite shape', async () => {
    await fc.assert(property(backendRequest, inProcess, expectAppwriteError), { seed: SEED, numRuns: 300 });
  });

  it('catalogue routes (/api, /download, /videos): every answer is below 500, /api errors as {success:false, message}', async () => {
    await fc.assert(
      property(catalogueRequest, inProcess, (r, res) => {
        // Other catalogue paths a route does not take fall through to the web app's 404 page.
        if (res.status < 400 || !r.path.startsWith('/api/')) return;
        const body = JSON.parse(res.text) as { success?: unknown; message?: unknown };
        expect(body.success, r.path).toBe(false);
        expect(typeof body.message, r.path).toBe('string');
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
