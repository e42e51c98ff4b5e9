import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, ENGINES, type TestDb } from '../test/db.js';
import { scopedQueryable, scopeStatement } from './library-scope.js';
import { makePlaylist, makeTrack } from './test/factory.js';

describe('scopeStatement', () => {
  it('puts the scope’s rows in place of each catalogue table a read names, keeping its alias', () => {
    const sql = scopeStatement('select t.id from tracks t join albums al on al.id = t.album_id where t.id = $1', ['music'], true);
    expect(sql).toMatch(/^select t\.id from \(select \* from tracks where tracks\.library_id = any\(array\['music'\]::text\[\]\)\) t join \(select r\.\* from albums al0\s.*\) al on al\.id = t\.album_id where t\.id = \$1$/s);
    // Without an alias the subquery takes the table's name; keywords after a table are not aliases.
    expect(scopeStatement('select count(*) from tracks where genre = $1', ['a'], true)).toMatch(/\) as tracks where genre = \$1$/);
    expect(scopeStatement('select 1 from artists as ar', ['a'], true)).toMatch(/\) as ar$/);
    // Writes, other tables and names that only start like a table are left alone.
    for (const same of ['delete from tracks where id = $1', 'update albums set name = $1', 'select * from tracks_x', 'select x from covers c', 'select extract(year from tracks.scanned_at) from covers']) {
      expect(scopeStatement(same, ['a'], true)).toBe(same);
    }
    // With one library a restricted scope is none of it.
    expect(scopeStatement('select id from tracks', [], false)).toBe('select id from (select * from tracks where false) as tracks');
  });
});

describe.each(ENGINES)('reads through a library scope on %s', (engine) => {
  let t: TestDb;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestDb(engine, { migrated: ['catalogue'] });
    const album = { name: 'Shared Name', artist: 'Both' };
    ids.a1 = await makeTrack(t.db, { title: 'A one', artists: ['Only A'], album, path: 'a/one.mp3', durationS: 100 });
    ids.b2 = await makeTrack(t.db, { title: 'B two', artists: ['Both'], album, path: 'b/two.mp3', durationS: 200 });
    ids.b1 = await makeTrack(t.db, { title: 'B one', artists: ['Only B'], album: { name: 'B Album', artist: 'Only B' }, path: 'b/one.mp3' });
    await makePlaylist(t.db, { name: 'Mixed', trackIds: [ids.a1!, ids.b1!] });
  });
  afterAll(() => t?.drop());

  it('sees the songs, albums, artists and playlist entries of its libraries only', async () => {
    const a = scopedQueryable(t.db, ['a'], true);
    const q = async (sql: string) => (await a.query<{ v: string }>(sql)).map((r) => r.v).sort();
    expect(await q('select title as v from tracks')).toEqual(['A one']);
    // The album both libraries share counts and times the scope's song only; unscoped, both.
    const figures = 'select name, song_count, duration_s from albums al where al.name = $1';
    expect(await a.query(figures, ['Shared Name'])).toEqual([{ name: 'Shared Name', song_count: 1, duration_s: 100 }]);
    expect(await scopedQueryable(t.db, ['b'], true).query(figures, ['Shared Name'])).toEqual([{ name: 'Shared Name', song_count: 1, duration_s: 200 }]);
    expect(await t.db.query(figures, ['Shared Name'])).toEqual([{ name: 'Shared Name', song_count: 2, duration_s: 300 }]);
    expect(await q('select name as v from albums')).toEqual(['Shared Name']);
    expect(await q('select ar.name as v from artists ar')).toEqual(['Both', 'Only A']);
    expect(await q('select t.title as v from playlist_tracks pt join tracks t on t.id = pt.track_id')).toEqual(['A one']);
    expect(await q(`select t.title as v from tracks t join track_artists ta on ta.track_id = t.id join artists ar on ar.id = ta.artist_id where ar.name like 'Only B%'`)).toEqual([]);
    expect(await (await scopedQueryable(t.db, [], true).query('select id from tracks')).length).toBe(0);
    expect((await scopedQueryable(t.db, null, true).query('select id from tracks')).length).toBe(3);
  });
});
