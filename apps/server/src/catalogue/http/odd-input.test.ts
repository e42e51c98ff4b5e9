import { ErrorBody } from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { getJson } from '../test/api-client.js';
import { seedLibrary, type TestLibrary } from '../test/library.js';

/** Bad and odd input: always `{success:false, message}` with 400/404, or a normal answer; never a 500. */
describe.each(ENGINES)('catalogue API with odd input (%s)', (engine) => {
  let t: TestApp;
  let lib: TestLibrary;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue']);
    lib = await seedLibrary(t.testDb.db);
  });
  afterAll(() => t.close());

  it('requires query on every search, in both error shapes at once', async () => {
    for (const kind of ['', '/songs', '/albums', '/artists', '/playlists']) {
      const r = await getJson(t.app, `/api/search${kind}`);
      expect(r.status, kind).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toBe('query: query is required');
      expect(r.body.error).toEqual({
        name: 'ZodError',
        issues: [expect.objectContaining({ path: ['query'], message: 'query is required' })],
      });
    }
  });

  it('refuses non-numeric page and limit with 400 naming the parameter', async () => {
    for (const q of ['page=abc', 'limit=ten', 'page=1e3', 'limit=Infinity', 'page=0x10']) {
      const r = await getJson(t.app, `/api/search/songs?query=battle&${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error.issues[0].path, q).toEqual([q.split('=')[0]]);
      expect(r.body.message, q).toBe(`${q.split('=')[0]}: expected a number`);
    }
  });

  it('clamps huge, negative and fractional numbers instead of failing', async () => {
    const huge = await getJson(t.app, '/api/search/songs?query=battle&page=99999999999999999999&limit=5');
    expect(huge.status).toBe(200);
    expect(huge.body.data.results).toEqual([]);
    expect(huge.body.data.total).toBe(4);
    const negative = await getJson(t.app, '/api/search/songs?query=wesnoth&limit=-3');
    expect(negative.body.data.results).toHaveLength(1);
    expect(negative.body.data.start).toBe(1);
    const big = await getJson(t.app, '/api/search/songs?query=wesnoth&limit=100000&page=1.9');
    expect(big.body.data.results).toHaveLength(4);
    expect(big.body.data.start).toBe(1);
    const spaces = await getJson(t.app, '/api/search/songs?query=wesnoth&limit=%202%20');
    expect(spaces.body.data.results).toHaveLength(2);
  });

  it('answers unicode, NUL, quotes and very long queries', async () => {
    const queries = ['日本語の歌', 'émoji 🎵 battle', 'batt\u0000le', "o'brien & (x | y) ! :*", 'x'.repeat(2000), 'battle '.repeat(300)];
    for (const q of queries) {
      for (const kind of ['', '/songs', '/albums', '/artists', '/playlists']) {
        const r = await getJson(t.app, `/api/search${kind}?query=${encodeURIComponent(q)}`);
        expect(r.status, `${kind} ${q.slice(0, 20)}`).toBe(200);
        expect(r.body.success).toBe(true);
      }
    }
    const nul = await getJson(t.app, '/api/search/songs?query=batt%00le%20epic');
    expect(nul.body.data.results[0].name).toBe('Battle Epic');
  });

  it('treats ids with NUL or odd characters as unknown', async () => {
    for (const path of [`/api/songs/${lib.reset}%00`, '/api/songs/%00', '/api/songs/%E2%9C%93', '/api/albums?id=%00', '/api/artists/%00', '/api/playlists?id=%27%3B']) {
      const r = await getJson(t.app, path);
      expect(r.status, path).toBe(404);
      expect(ErrorBody.safeParse(r.body).success, path).toBe(true);
    }
    const many = Array.from({ length: 201 }, (_, i) => `id${i}`).join(',');
    const r = await getJson(t.app, `/api/songs?ids=${many}`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, message: 'At most 200 song IDs per request' });
  });

  it('answers unknown /api routes with 404 in the envelope', async () => {
    for (const path of ['/api/nothing', '/api/songs/a/b/c', '/api/search/podcasts?query=x']) {
      const r = await getJson(t.app, path);
      expect(r.status, path).toBe(404);
      expect(r.body.success).toBe(false);
      expect(typeof r.body.message).toBe('string');
    }
  });

  it('opens CORS to every origin, answers preflight, and pretty-prints on ?pretty', async () => {
    const r = await t.app.request('/api/songs/' + lib.reset, { headers: { origin: 'https://elsewhere.example' } });
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const pre = await t.app.request('/api/search/songs?query=x', {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('GET');
    const err = await t.app.request('/api/songs/nope', { headers: { origin: 'https://elsewhere.example' } });
    expect(err.headers.get('access-control-allow-origin')).toBe('*');

    const pretty = await (await t.app.request(`/api/songs/${lib.reset}?pretty`)).text();
    expect(pretty.startsWith('{\n  "success": true,\n  "data": [\n')).toBe(true);
    const compact = await (await t.app.request(`/api/songs/${lib.reset}`)).text();
    expect(compact.startsWith('{"success":true,"data":[{')).toBe(true);
    expect(JSON.parse(pretty)).toEqual(JSON.parse(compact));
  });
});
