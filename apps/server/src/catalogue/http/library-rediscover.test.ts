import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { getJson } from '../test/api-client.js';
import { makeTrack } from '../test/factory.js';

/** /api/library/albums?sort=rediscover: played albums, the longest unplayed first; never played ones last. */
describe.each(ENGINES)('Library albums to rediscover (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue']);
    const db = t.testDb.db;
    for (const name of ['Yesterday', 'Last Year', 'Never Played', 'Last Month']) await makeTrack(db, { title: `${name} song`, artists: ['Mira'], album: name });
    await db.query(`update albums set play_count = 3, last_played_at = now() - interval '1 day' where name = 'Yesterday'`);
    await db.query(`update albums set play_count = 9, last_played_at = now() - interval '1 year' where name = 'Last Year'`);
    await db.query(`update albums set play_count = 1, last_played_at = now() - interval '30 days' where name = 'Last Month'`);
  });
  afterAll(() => t.close());

  it('lists the albums whose last play is oldest first, then those never played', async () => {
    const r = await getJson(t.app, '/api/library/albums?sort=rediscover');
    expect(r.status).toBe(200);
    expect(r.body.data.results.map((a: { name: string }) => a.name)).toEqual(['Last Year', 'Last Month', 'Yesterday', 'Never Played']);
    expect(r.body.data.total).toBe(4);
  });
});
