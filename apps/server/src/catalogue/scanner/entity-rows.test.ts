import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { artistKey, idCandidates, numericId, trackId } from '../ids.js';
import { ensureAlbums, ensureArtists, newTrackId } from './entity-rows.js';
import { acquireLease, releaseLease } from './scan-state.js';

describe.each(ENGINES)('catalogue rows on %s', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
    await migrate(t.db, 'catalogue');
  });
  afterAll(async () => t?.drop());

  it('gives an artist the id of its name, and the same id every time', async () => {
    const first = await ensureArtists(t.db, ['Teo Vance', 'TEO  VANCE']);
    expect([...first]).toEqual([[artistKey('Teo Vance'), numericId('artist', artistKey('Teo Vance'))]]);
    expect(await ensureArtists(t.db, ['teo vance'])).toEqual(first);
    const [row] = await t.db.query<{ name: string; norm_name: string }>('select name, norm_name from artists');
    expect(row).toEqual({ name: 'Teo Vance', norm_name: 'teo vance' });
  });

  it('gives a new name whose id is taken by another name the next candidate', async () => {
    const key = artistKey('Mira Solen');
    const [plain, salted] = [...take(idCandidates((k) => numericId('artist', k), key), 2)];
    await t.db.query("insert into artists (id, name, norm_name, group_key) values ($1, 'Someone', 'someone', 'someone else')", [plain]);
    const ids = await ensureArtists(t.db, ['Mira Solen']);
    expect(ids.get(key)).toBe(salted);
    expect((await ensureArtists(t.db, ['Mira Solen'])).get(key)).toBe(salted);
  });

  it('finds or creates albums by grouping key', async () => {
    const artist = (await ensureArtists(t.db, ['Mira Solen'])).get(artistKey('Mira Solen'))!;
    const spec = { key: 'harbour lights\u001fmira solen', name: 'Harbour Lights', artistId: artist };
    const a = await ensureAlbums(t.db, [spec]);
    expect(a.get(spec.key)).toBe(numericId('album', spec.key));
    expect(await ensureAlbums(t.db, [spec])).toEqual(a);
    const [row] = await t.db.query('select name, norm_name, album_artist_id, song_count from albums');
    expect(row).toEqual({ name: 'Harbour Lights', norm_name: 'harbour lights', album_artist_id: artist, song_count: 0 });
  });

  it("gives a copy of a song's file an id of its own", async () => {
    expect(await newTrackId(t.db, 'fp', 'a.mp3')).toBe(trackId('fp'));
    await t.db.query(
      `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title) values ($1, 'a.mp3', 1, 1, 'fp', 'A', 'a')`,
      [trackId('fp')],
    );
    const copy = await newTrackId(t.db, 'fp', 'copy/a.mp3');
    expect(copy).not.toBe(trackId('fp'));
    expect(copy).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(await newTrackId(t.db, 'fp', 'copy/a.mp3')).toBe(copy);
  });

  it('lets one server instance scan at a time on PostgreSQL; PGlite belongs to one process', async () => {
    const g1 = await acquireLease(t.db, 'instance-a');
    expect(g1).toBeGreaterThan(0);
    const other = await acquireLease(t.db, 'instance-b');
    if (engine === 'postgres') expect(other).toBeNull();
    else expect(other).toBe(g1! + 1);
    await releaseLease(t.db, engine === 'postgres' ? 'instance-a' : 'instance-b', other ?? g1!, true);
    const next = await acquireLease(t.db, 'instance-b');
    expect(next).toBeGreaterThan(g1!);
    await releaseLease(t.db, 'instance-b', next!, true);
  });
});

function* take<T>(gen: Generator<T>, n: number) {
  for (let i = 0; i < n; i++) yield gen.next().value as T;
}
