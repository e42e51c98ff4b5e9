import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Song } from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { getJson } from '../test/api-client.js';

const DEMO_MUSIC = join(REPO_ROOT, 'data/demo-music');
type Results = { data: { total: number; results: Song[] } };

/**
 * Search ranking over the demo library (`npm run setup` prepares it): exact
 * title first, then prefix, then whole words in the title, then words only in
 * the album or artist names, then typo matches; case and accents never matter.
 */
describe.each(ENGINES)('search ranking over the demo library (%s)', (engine) => {
  let t: TestApp;
  const search = async (query: string, page = 1) =>
    (await getJson<Results>(t.app, `/api/search/songs?query=${encodeURIComponent(query)}&limit=15&page=${page}`)).body.data;

  beforeAll(async () => {
    t = await createTestApp(engine, { MUSIC_DIR: DEMO_MUSIC }, ['catalogue']);
    expect((await t.app.request('/api/admin/rescan?wait=true', { method: 'POST' })).status).toBe(200);
  });
  afterAll(() => t?.close());

  it('every exact song title finds that song first', async () => {
    const titles = (await t.testDb.db.query<{ title: string }>('select distinct title from tracks order by title')).map((r) => r.title);
    expect(titles.length).toBeGreaterThan(50);
    for (const title of titles) expect((await search(title)).results[0]?.name, title).toBe(title);
  });

  it("'wesnoth': every title with the word comes before songs that match only by album", async () => {
    const all: Song[] = [];
    for (let page = 1; page <= 4; page++) all.push(...(await search('wesnoth', page)).results);
    expect(all.length).toBe((await search('wesnoth')).total);
    const inTitle = all.map((s) => /wesnoth/i.test(s.name));
    expect(inTitle.indexOf(false)).toBeGreaterThan(inTitle.lastIndexOf(true));
    expect(all[0]!.name).toBe('Return to Wesnoth');
  });

  it('the ranking cases: top-1 at least 90 %, and every case in the top 3', async () => {
    const { cases } = JSON.parse(await readFile(join(REPO_ROOT, 'apps/server/src/catalogue/test/search-ranking-cases.json'), 'utf8')) as {
      cases: { query: string; top: string }[];
    };
    expect(cases.length).toBeGreaterThanOrEqual(30);
    let top1 = 0;
    for (const c of cases) {
      const names = (await search(c.query)).results.slice(0, 3).map((s) => s.name);
      expect(names, c.query).toContain(c.top);
      if (names[0] === c.top) top1++;
    }
    expect(top1 / cases.length).toBeGreaterThanOrEqual(0.9);
  });
});
