import { HomeRowsResponse, type HomeRows } from '@lyra/contracts/catalogue';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { curatedPlaylistId, regenerateCuratedPlaylists } from '../curated-playlists.js';
import { getJson } from '../test/api-client.js';
import { makeTrack } from '../test/factory.js';
import { seedLibrary, type TestLibrary } from '../test/library.js';

type Ok<T> = { success: true; data: T };

describe.each(ENGINES)('home rows and curated playlists (%s)', (engine) => {
  let t: TestApp;
  let lib: TestLibrary;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue']);
    lib = await seedLibrary(t.testDb.db);
  });
  afterAll(() => t.close());

  const rows = async (app = t) => {
    const r = await getJson<Ok<HomeRows>>(app.app, '/api/home/rows');
    expect(HomeRowsResponse.safeParse(r.body).error?.issues ?? []).toEqual([]);
    return r.body.data;
  };

  it('fills the default rows from any library, falling back source by source', async () => {
    await regenerateCuratedPlaylists(t.testDb.db);
    const home = await rows();
    expect(home.featuredSongId).toBeNull();
    const byId = Object.fromEntries(home.rows.map((r) => [r.id, r]));
    // nothing matches "top": the most played songs stand in
    expect(byId['top-hits']).toMatchObject({ title: 'Top Hits', kind: 'songs', limit: 5, query: null });
    const top = byId['top-hits']!.kind === 'songs' ? byId['top-hits']!.songs.map((s) => s.name) : [];
    expect(top).toEqual(['Battle Epic', 'Dawn of Code', 'Elvish Theme', 'Overclock', 'Knolls']);
    expect(byId['english-hots']).toMatchObject({ title: 'English hots', query: 'english' });
    expect(byId['artist-hits']).toMatchObject({ title: 'David White Hits', query: 'David White' });
    // English already has its row; no other language has 3 songs, so the commonest genre does
    expect(byId['language-hits']).toMatchObject({ title: 'Electronic Hits', query: 'Electronic' });
    expect(byId['quick-picks']).toMatchObject({ layout: 'carousel', limit: 15 });
    // 'See all' pages of the rows' sources: the most played songs, the artist, the genre; none for a language or a shuffle.
    const artistId = byId['artist-hits']!.kind === 'songs' ? byId['artist-hits']!.songs[0]!.artists.primary[0]!.id : '';
    expect(Object.fromEntries(home.rows.map((r) => [r.id, r.kind === 'songs' ? r.seeAll : undefined]))).toMatchObject({
      'top-hits': '/library/songs?sort=plays',
      'english-hots': null,
      'artist-hits': `/artist/${artistId}`,
      'language-hits': '/library/genres/electronic',
      'quick-picks': null,
    });
    expect(byId['curated-playlists']?.kind).toBe('playlists');
    expect(byId['library-playlists']).toMatchObject({ playlists: [expect.objectContaining({ id: lib.playlist, songCount: 3 })] });
    for (const row of home.rows) {
      const items = row.kind === 'songs' ? row.songs : row.playlists;
      expect(items.length, row.id).toBeGreaterThan(0);
      expect(items.length, row.id).toBeLessThanOrEqual(row.limit);
    }
    // a row shows songs not shown above it first
    const english = byId['english-hots']!.kind === 'songs' ? byId['english-hots']!.songs.map((s) => s.name) : [];
    expect(english[0]).toBe('Loyalists');
  });

  it('gzips the JSON for clients that accept it, and only for them; errors keep their shape', async () => {
    const plain = await t.app.request('/api/home/rows');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const body = await plain.text();
    const zipped = await t.app.request('/api/home/rows', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(Buffer.byteLength(body));
    expect(gunzipSync(bytes).toString()).toBe(body);
    // Errors keep their shape inside the encoding.
    const error = await t.app.request('/api/songs/nope', { headers: { 'accept-encoding': 'gzip' } });
    expect(error.status).toBe(404);
    const raw = Buffer.from(await error.arrayBuffer());
    const text = error.headers.get('content-encoding') === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
    expect(JSON.parse(text)).toEqual({ success: false, message: 'song not found' });
  });

  it('makes curated playlists per genre, decade, language and artist, with stable ids', async () => {
    const first = await t.testDb.db.query<{ id: string; name: string }>(
      "select id, name from playlists where source = 'curated' order by name",
    );
    expect(first.map((p) => p.name)).toEqual([
      'Best of Electronic',
      'Best of Soundtrack',
      'Best of the 2000s',
      'Best of the 2010s',
      'English Hits',
      'This is Cheese',
      'This is David White',
    ]);
    expect(first.find((p) => p.name === 'Best of Soundtrack')?.id).toBe(curatedPlaylistId('genre', 'Soundtrack'));
    const soundtrack = await getJson(t.app, `/api/playlists?id=${curatedPlaylistId('genre', 'Soundtrack')}`);
    expect(soundtrack.body.data.songs.map((s: { name: string }) => s.name)).toEqual(['Battle Epic', 'Elvish Theme', 'Knolls', 'Loyalists']);
    expect(soundtrack.body.data.language).toBe('english');

    // a rescan regenerates: same ids, new members, groups that shrank below 3 songs go away
    await t.testDb.db.query("delete from tracks where genre = 'Electronic' and title <> 'Reset'");
    await makeTrack(t.testDb.db, { title: 'Knolls Reprise', artists: ['David White'], genre: 'Soundtrack', year: 2009, playCount: 99 });
    await regenerateCuratedPlaylists(t.testDb.db);
    const second = await t.testDb.db.query<{ id: string; name: string }>(
      "select id, name from playlists where source = 'curated' order by name",
    );
    expect(second.map((p) => p.name)).toEqual(['Best of Soundtrack', 'Best of the 2000s', 'English Hits', 'This is David White']);
    expect(second.filter((p) => first.some((f) => f.id === p.id))).toHaveLength(4);
    const again = await getJson(t.app, `/api/playlists?id=${curatedPlaylistId('genre', 'Soundtrack')}`);
    expect(again.body.data.songs[0].name).toBe('Knolls Reprise');
    expect(await t.testDb.db.query("select id from playlists where source = 'm3u'")).toEqual([{ id: lib.playlist }]);
  });

  it('follows a home-rows.json in DATA_DIR, featured song included', async () => {
    await writeFile(
      join(t.dataDir, 'home-rows.json'),
      JSON.stringify({
        featuredSongId: lib.battleEpic,
        rows: [
          { id: 'tollywood', title: 'Tollywood Hits', kind: 'songs', sources: [{ type: 'language', language: 'telugu' }] },
          { id: 'french', title: '{name} Hits', kind: 'songs', sources: [{ type: 'language', language: 'French' }] },
          { id: 'searched', title: 'Battles', kind: 'songs', limit: 2, sources: [{ type: 'search', query: 'batle' }] },
          { id: 'late', title: 'Late', kind: 'playlists', sources: [{ type: 'search', query: 'late night' }] },
        ],
      }),
    );
    const other = await createTestApp(engine, { DATA_DIR: t.dataDir }, ['catalogue']);
    try {
      await seedLibrary(other.testDb.db);
      const home = await rows(other);
      expect(home.featuredSongId).toBe(lib.battleEpic);
      // no Telugu songs and no fallback: the row is left out
      expect(home.rows.map((r) => [r.id, r.title, r.query])).toEqual([
        ['french', 'French Hits', 'French'],
        ['searched', 'Battles', 'batle'],
        ['late', 'Late', 'late night'],
      ]);
    } finally {
      await other.close();
    }
  });
});
