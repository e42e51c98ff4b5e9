import {
  LibraryAlbumsResponse,
  LibraryArtistsResponse,
  LibraryGenreAlbumsResponse,
  LibraryGenresResponse,
  LibrarySongsResponse,
} from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../backend/test/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { LIST_MEMO_TTL_MS } from '../library-lists.js';
import { getJson } from '../test/api-client.js';
import { makeTrack } from '../test/factory.js';
import { seedLibrary, type TestLibrary } from '../test/library.js';

describe.each(ENGINES)('Library lists of the whole collection (%s)', (engine) => {
  let t: TestApp;
  let lib: TestLibrary;
  let empty: string;
  const clock = createTestClock();
  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'https://music.example/' }, ['catalogue'], { now: clock.now });
    lib = await seedLibrary(t.testDb.db);
    const db = t.testDb.db;
    // A third album, by an artist named after the others, added last; and an album left with no songs.
    await makeTrack(db, { title: 'Aurora', artists: ['Zed'], album: { name: 'Arcade', artist: 'Zed', year: 2020, genre: 'electronic' }, genre: 'electronic', playCount: 5 });
    await db.query(`update albums set first_seen_at = now() + interval '1 hour' where name = 'Arcade'`);
    await db.query(`update albums set play_count = case name when 'Singularity' then 36 when 'Arcade' then 5 else 62 end`);
    await db.query(`update tracks set scanned_at = now() - interval '1 day' where id <> $1`, [lib.lament]);
    await db.query(`insert into albums (id, name, norm_name, song_count) values ('al-empty', 'Aaa Empty', 'aaa empty', 0)`);
    empty = 'al-empty';
  });
  afterAll(() => t.close());

  const get = (path: string) => getJson<any>(t.app, path);
  const names = (r: { body: { data: { results: { name: string }[] } } }) => r.body.data.results.map((x) => x.name);

  it('lists albums with songs in each sort, with the total', async () => {
    const expected: Record<string, string[]> = {
      name: ['Arcade', 'Singularity', 'The Battle for Wesnoth OST'],
      artist: ['Singularity', 'The Battle for Wesnoth OST', 'Arcade'],
      year: ['Arcade', 'Singularity', 'The Battle for Wesnoth OST'],
      recent: ['Arcade', 'Singularity', 'The Battle for Wesnoth OST'],
      plays: ['The Battle for Wesnoth OST', 'Singularity', 'Arcade'],
    };
    for (const [sort, order] of Object.entries(expected)) {
      const r = await get(`/api/library/albums?sort=${sort}`);
      expect(r.status, sort).toBe(200);
      expect(LibraryAlbumsResponse.parse(r.body).data.total, sort).toBe(3);
      expect(names(r), sort).toEqual(order);
      expect(r.body.data.results[0].songs, sort).toBeNull();
    }
    expect(names(await get('/api/library/albums'))).toEqual(expected.name);
    expect(JSON.stringify((await get('/api/library/albums?sort=name')).body)).not.toContain(empty);
  });

  it('keeps one random order across pages of a seed, and pages never overlap', async () => {
    const whole = names(await get('/api/library/albums?sort=random&seed=abc&limit=3'));
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...names(await get(`/api/library/albums?sort=random&seed=abc&limit=1&page=${page}`)));
    expect(pages).toEqual(whole);
    expect(new Set(whole)).toEqual(new Set(['Arcade', 'Singularity', 'The Battle for Wesnoth OST']));
  });

  it('pages songs with the total and a 1-based start, in each sort', async () => {
    const first = await get('/api/library/songs?sort=title&limit=4');
    const body = LibrarySongsResponse.parse(first.body).data;
    expect(body.total).toBe(10);
    expect(body.start).toBe(1);
    expect(body.results.map((s) => s.name)).toEqual(['Aurora', 'Battle Epic', 'Dawn of Code', 'Elvish Theme']);
    const third = (await get('/api/library/songs?sort=title&limit=4&page=3')).body.data;
    expect(third.start).toBe(9);
    expect(third.results.map((s: { name: string }) => s.name)).toEqual(['Quiet Hum', 'Reset']);
    expect((await get('/api/library/songs?sort=title&limit=4&page=4')).body.data).toMatchObject({ total: 10, results: [] });
    const all = async (sort: string) => names(await get(`/api/library/songs?sort=${sort}&limit=100`));
    expect((await all('plays')).slice(0, 4)).toEqual(['Battle Epic', 'Dawn of Code', 'Elvish Theme', 'Overclock']);
    expect((await all('recent'))[0]).toBe("Gonéri's Lament");
    // By album name, each album's songs in disc and track order; songs without an album last, by title.
    expect(await all('album')).toEqual([
      'Aurora', 'Dawn of Code', 'Reset', 'Overclock', 'Knolls', 'Battle Epic', 'Elvish Theme', 'Loyalists', "Gonéri's Lament", 'Quiet Hum',
    ]);
    expect(await all('artist')).toEqual([
      'Dawn of Code', 'Reset', 'Overclock', 'Quiet Hum', 'Knolls', 'Battle Epic', 'Elvish Theme', 'Loyalists', "Gonéri's Lament", 'Aurora',
    ]);
  });

  it('lists by name say where each initial starts, on the first page', async () => {
    await makeTrack(t.testDb.db, { title: 'One', artists: ['2Pac'], album: { name: '1999', artist: '2Pac' } });
    // Written without a scan: the lists' totals and letters kept so far are read again once they expire.
    clock.advance(LIST_MEMO_TTL_MS);
    try {
      const albums = LibraryAlbumsResponse.parse((await get('/api/library/albums?sort=name&limit=2')).body).data;
      expect(albums.letters).toEqual([
        { letter: '#', start: 0 },
        { letter: 'A', start: 1 },
        { letter: 'S', start: 2 },
        { letter: 'T', start: 3 },
      ]);
      expect((await get('/api/library/albums?sort=name&limit=2&page=2')).body.data.letters).toBeUndefined();
      expect((await get('/api/library/albums?sort=year')).body.data.letters).toBeUndefined();
      expect((await get('/api/library/albums?sort=name&q=s')).body.data.letters).toEqual([
        { letter: 'S', start: 0 },
        { letter: 'T', start: 1 },
      ]);
      const artists = LibraryArtistsResponse.parse((await get('/api/library/artists')).body).data;
      expect(artists.letters).toEqual([
        { letter: '#', start: 0 },
        { letter: 'C', start: 1 },
        { letter: 'D', start: 2 },
        { letter: 'G', start: 4 },
        { letter: 'Z', start: 5 },
      ]);
    } finally {
      await t.testDb.db.query(`delete from tracks where title = 'One'`);
      await t.testDb.db.query(`delete from albums where name = '1999'`);
      await t.testDb.db.query(`delete from artists where name = '2Pac'`);
      clock.advance(LIST_MEMO_TTL_MS);
    }
  });

  it('pages of every song sort add up to the whole list, with no song twice', async () => {
    for (const sort of ['title', 'artist', 'album', 'recent', 'plays']) {
      const whole = names(await get(`/api/library/songs?sort=${sort}&limit=100`));
      const paged: string[] = [];
      for (const page of [1, 2, 3, 4]) paged.push(...names(await get(`/api/library/songs?sort=${sort}&limit=3&page=${page}`)));
      expect(paged, sort).toEqual(whole);
      expect(new Set(paged).size, sort).toBe(10);
    }
  });

  it('lists artists who sing or own an album, by name and by plays, with what each holds', async () => {
    const byName = LibraryArtistsResponse.parse((await get('/api/library/artists')).body).data;
    expect(byName.results.map((a) => a.name)).toEqual(['Cheese', 'David White', 'Doug Kaufman', 'Gonéri Bjørk', 'Zed']);
    expect(byName.total).toBe(5);
    expect(byName.results[0]).toMatchObject({ type: 'artist', role: 'Artist', hasPicture: true, albumCount: 1, songCount: 4, playCount: 36 });
    expect(byName.results[1]).toMatchObject({ albumCount: 1, songCount: 4, playCount: 62 });
    const byPlays = (await get('/api/library/artists?sort=plays')).body.data;
    expect(byPlays.results.map((a: { name: string }) => a.name)).toEqual(['David White', 'Cheese', 'Doug Kaufman', 'Zed', 'Gonéri Bjørk']);
    const second = (await get('/api/library/artists?sort=plays&limit=2&page=2')).body.data;
    expect(second).toMatchObject({ total: 5, start: 3 });
    expect(second.results.map((a: { name: string }) => a.name)).toEqual(['Doug Kaufman', 'Zed']);
  });

  it('filters albums by their name or artist, and artists by name, accents and case ignored', async () => {
    expect(names(await get('/api/library/albums?q=SING'))).toEqual(['Singularity']);
    expect(names(await get('/api/library/albums?q=white'))).toEqual(['The Battle for Wesnoth OST']);
    const some = (await get('/api/library/albums?q=a&sort=plays&limit=1')).body.data;
    expect(some).toMatchObject({ total: 3, start: 1 });
    expect(names(await get('/api/library/albums?q=%25'))).toEqual([]);
    expect(names(await get('/api/library/artists?q=goneri'))).toEqual(['Gonéri Bjørk']);
    expect((await get('/api/library/artists?q=e&sort=plays')).body.data.total).toBe(4);
    expect(names(await get('/api/library/artists?q=%20%20'))).toHaveLength(5);
    expect((await get(`/api/library/artists?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('lists genres with their albums, in any letter case', async () => {
    const genres = LibraryGenresResponse.parse((await get('/api/library/genres')).body).data;
    expect(genres.results).toEqual([
      { id: 'electronic', name: 'Electronic', albumCount: 2 },
      { id: 'soundtrack', name: 'Soundtrack', albumCount: 1 },
    ]);
    const r = LibraryGenreAlbumsResponse.parse((await get('/api/library/genres/ELECTRONIC/albums')).body).data;
    expect(r.genre).toEqual({ id: 'electronic', name: 'Electronic', albumCount: 2 });
    expect(r.results.map((a) => a.name)).toEqual(['Arcade', 'Singularity']);
    expect(r.total).toBe(2);
    const page2 = (await get('/api/library/genres/electronic/albums?limit=1&page=2')).body.data;
    expect(page2.results.map((a: { name: string }) => a.name)).toEqual(['Singularity']);
    expect((await get('/api/library/genres/polka/albums')).body.data).toEqual({ genre: null, total: 0, start: 1, results: [] });
  });

  it('refuses a bad sort, page or limit with 400 and a message', async () => {
    for (const path of [
      '/api/library/albums?sort=size',
      '/api/library/artists?sort=year',
      '/api/library/songs?sort=name',
      '/api/library/albums?page=0',
      '/api/library/albums?page=-1',
      '/api/library/songs?page=two',
      '/api/library/songs?limit=0',
      '/api/library/songs?limit=101',
      '/api/library/artists?limit=1.5',
      '/api/library/genres/rock/albums?page=x',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(400);
      expect(r.body.success, path).toBe(false);
      expect(r.body.message, path).toMatch(/sort|page|limit/);
    }
    expect((await get('/api/library/albums?sort=size')).body.message).toBe('sort: sort must be one of name, artist, year, recent, plays, rediscover, random');
    expect((await get('/api/library/songs?limit=101')).body.message).toBe('limit: limit must be from 1 to 100');
  });
});
