import type { SongSearchResults } from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { EXACT_RANKING_LIMIT, POPULAR_WINDOW } from '../search.js';
import { getJson } from '../test/api-client.js';
import { makeTrack } from '../test/factory.js';

type Ok<T> = { success: true; data: T };

/**
 * Queries matching more tracks than EXACT_RANKING_LIMIT: ranked among the most
 * played matches, with pages that are slices of one fixed order.
 */
describe.each(ENGINES)('search over many matches (%s)', (engine) => {
  const COMMON = EXACT_RANKING_LIMIT + 200;
  let t: TestApp;
  let ground: string;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue']);
    // COMMON tracks on the album "Common Places", play counts 1..COMMON
    await t.testDb.db.query(
      `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title, play_count, search_text, search_tsv)
       select 'c' || lpad(i::text, 4, '0'), 'c/' || i, 1, 0, 'f' || i, 'Track ' || i, 'track ' || i, i,
              'track ' || i || ' common places', to_tsvector('simple', 'track ' || i || ' common places')
         from generate_series(1, ${COMMON}) i`,
    );
    // a title match, less played than the top 20 but inside the most played POPULAR_WINDOW
    ground = await makeTrack(t.testDb.db, { title: 'Common Ground', artists: ['Ola'], playCount: COMMON - 20 });
  });
  afterAll(() => t.close());

  const page = async (query: string, n: number) =>
    (await getJson<Ok<SongSearchResults>>(t.app, `/api/search/songs?query=${query}&limit=10&page=${n}`)).body.data;

  it('puts title matches first among the most played, and counts every match', async () => {
    const first = await page('common', 1);
    expect(first.total).toBe(COMMON + 1);
    expect(first.results[0]?.id).toBe(ground);
    expect(first.results.slice(1).map((s) => s.name)).toEqual(
      Array.from({ length: 9 }, (_, i) => `Track ${COMMON - i}`),
    );
  });

  it('pages through one fixed order without repeats or gaps', async () => {
    const pages = await Promise.all(Array.from({ length: 15 }, (_, i) => page('comm', i + 1)));
    const ids = pages.flatMap((p) => p.results.map((s) => s.id));
    expect(ids).toHaveLength(150);
    expect(new Set(ids).size).toBe(150);
    // past the ranked window, plain play-count order
    expect(pages[14]!.results.map((s) => s.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Track ${COMMON - 139 - i}`),
    );
    expect(POPULAR_WINDOW).toBeLessThan(140);
    expect(pages.every((p, i) => p.start === i * 10 + 1)).toBe(true);
  });

  it('ranks everything when all the words together are rare', async () => {
    const r = await page('common%20ground', 1);
    expect(r.total).toBe(1);
    expect(r.results.map((s) => s.id)).toEqual([ground]);
    const tracks = await page('places%20track', 1);
    expect(tracks.total).toBe(COMMON);
  });
});
