import type { GlobalSearch, SongSearchResults } from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { getJson } from '../test/api-client.js';
import { seedLibrary, type TestLibrary } from '../test/library.js';

type Ok<T> = { success: true; data: T };

describe.each(ENGINES)('catalogue search (%s)', (engine) => {
  let t: TestApp;
  let lib: TestLibrary;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue']);
    lib = await seedLibrary(t.testDb.db);
  });
  afterAll(() => t.close());

  const songs = async (query: string, extra = '') =>
    (await getJson<Ok<SongSearchResults>>(t.app, `/api/search/songs?query=${encodeURIComponent(query)}${extra}`)).body.data;
  const names = (r: SongSearchResults) => r.results.map((s) => s.name);

  it('finds misspelt titles', async () => {
    expect(names(await songs('batle epik'))[0]).toBe('Battle Epic');
    expect(names(await songs('elvsh')) ).toEqual(['Elvish Theme']);
    expect(names(await songs('overclok'))).toEqual(['Overclock']);
  });

  it('finds partial words, title matches first', async () => {
    const r = await songs('batt');
    expect(r.results[0]?.name).toBe('Battle Epic');
    // the other Wesnoth tracks match through their album, "The Battle for Wesnoth OST"
    expect(r.total).toBe(4);
    expect(names(await songs('loyal'))).toEqual(['Loyalists']);
  });

  it('ignores case and accents', async () => {
    expect(names(await songs('GONERI'))).toEqual(["Gonéri's Lament"]);
    expect(names(await songs('Gonéri bjork'))).toEqual(["Gonéri's Lament"]);
  });

  it('matches artist and album names, all words required', async () => {
    expect(new Set(names(await songs('cheese')))).toEqual(new Set(['Dawn of Code', 'Reset', 'Overclock', 'Quiet Hum']));
    expect(names(await songs('reset cheese'))).toEqual(['Reset']);
    expect((await songs('reset wesnoth')).total).toBe(0);
  });

  it('pages with a 1-based start; page 0 and page 1 are the same', async () => {
    const all = names(await songs('wesnoth', '&limit=10'));
    expect(all).toHaveLength(4);
    const p0 = await songs('wesnoth', '&limit=2&page=0');
    const p1 = await songs('wesnoth', '&limit=2&page=1');
    const p2 = await songs('wesnoth', '&limit=2&page=2');
    const p3 = await songs('wesnoth', '&limit=2&page=3');
    expect(p0).toEqual(p1);
    expect([p1.start, p2.start, p3.start]).toEqual([1, 3, 5]);
    expect([...names(p1), ...names(p2)]).toEqual(all);
    expect(p3).toEqual({ total: 4, start: 5, results: [] });
  });

  it('returns nothing, not an error, for queries without words', async () => {
    for (const q of ['', '   ', '!!!', '%', "'", '\\']) {
      const res = await getJson(t.app, `/api/search/songs?query=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.data, q).toEqual({ total: 0, start: 1, results: [] });
    }
  });

  it('searches albums, artists and playlists by name with typos', async () => {
    const albums = (await getJson(t.app, '/api/search/albums?query=wesnot')).body.data;
    expect(albums.results.map((a: { name: string }) => a.name)).toEqual(['The Battle for Wesnoth OST']);
    expect(albums.results[0]).toMatchObject({ year: 2008, type: 'album', language: 'english', explicitContent: true });
    expect(albums.results[0].description).toBe('2008 · English Album · David White');
    const artists = (await getJson(t.app, '/api/search/artists?query=dvid whte')).body.data;
    expect(artists.results[0]).toMatchObject({ name: 'David White', role: 'Artist', type: 'artist' });
    const playlists = (await getJson(t.app, '/api/search/playlists?query=late nite')).body.data;
    expect(playlists.results).toEqual([expect.objectContaining({ id: lib.playlist, name: 'Late Night Mix', songCount: 3 })]);
  });

  it('answers the global search with five flat groups', async () => {
    const g = (await getJson<Ok<GlobalSearch>>(t.app, '/api/search?query=david%20white')).body.data;
    expect(g.topQuery.results).toEqual([expect.objectContaining({ title: 'David White', type: 'artist' })]);
    expect(g.songs.results.map((s) => s.title)).toContain('Battle Epic');
    expect(g.songs.results.find((s) => s.id === lib.elvish)).toMatchObject({
      album: 'The Battle for Wesnoth OST',
      primaryArtists: 'David White',
      type: 'song',
    });
    expect([g.topQuery.position, g.songs.position, g.albums.position, g.playlists.position, g.artists.position]).toEqual([0, 1, 2, 3, 4]);

    const album = (await getJson<Ok<GlobalSearch>>(t.app, '/api/search?query=singularity')).body.data;
    expect(album.topQuery.results[0]).toMatchObject({ title: 'Singularity', type: 'album' });
    expect(album.albums.results[0]).toMatchObject({ year: '2012', artist: 'Cheese' });
    expect(album.albums.results[0]!.songIds).toBe([lib.dawn, lib.reset, lib.overclock].join(','));

    const song = (await getJson<Ok<GlobalSearch>>(t.app, '/api/search?query=reset')).body.data;
    expect(song.topQuery.results[0]).toMatchObject({ id: lib.reset, type: 'song' });
  });
});
