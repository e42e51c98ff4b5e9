import type { AlbumSearchResults, SongSearchResults } from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { getJson } from '../test/api-client.js';
import { makeTrack } from '../test/factory.js';

type Ok<T> = { success: true; data: T };

/** Search in scripts written without spaces, and the Albums tab finding an album by its album artist. */
describe.each(ENGINES)('catalogue search: CJK characters and album artists (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue']);
    const db = t.testDb.db;
    await makeTrack(db, { title: '水调歌头', artists: ['王菲'], album: { name: '唱游', artist: '王菲' }, playCount: 3 });
    await makeTrack(db, { title: '但愿人长久', artists: ['王菲'], album: { name: '唱游', artist: '王菲' } });
    await makeTrack(db, { title: '夜に駆ける', artists: ['YOASOBI'], album: 'THE BOOK' });
    await makeTrack(db, { title: '사랑해요', artists: ['아이유'], album: '꽃갈피' });
    await makeTrack(db, { title: 'Harbour Lights', artists: ['Guest Singer'], album: { name: 'Night Drive', artist: 'Mira Solen' } });
    await makeTrack(db, { title: 'Tide', artists: ['Mira Solen'], album: { name: 'Coastline', artist: 'Mira Solen' } });
    await makeTrack(db, { title: 'Mirage', artists: ['Someone Else'], album: { name: 'Mira', artist: 'Someone Else' } });
  });
  afterAll(() => t.close());

  const songs = async (query: string) =>
    (await getJson<Ok<SongSearchResults>>(t.app, `/api/search/songs?query=${encodeURIComponent(query)}`)).body.data.results.map((s) => s.name);
  const albums = async (query: string, extra = '') =>
    (await getJson<Ok<AlbumSearchResults>>(t.app, `/api/search/albums?query=${encodeURIComponent(query)}${extra}`)).body.data;

  it('finds every title holding a single CJK character, wherever it stands in the title', async () => {
    expect(await songs('歌')).toEqual(['水调歌头']);
    expect(await songs('头')).toEqual(['水调歌头']);
    expect(await songs('駆')).toEqual(['夜に駆ける']);
    expect(await songs('に')).toEqual(['夜に駆ける']);
    expect(await songs('랑')).toEqual(['사랑해요']);
    expect(await songs('鳥')).toEqual([]);
  });

  it('finds a title by a run of its characters, and by its artist or album name', async () => {
    expect(await songs('歌头')).toEqual(['水调歌头']);
    expect(await songs('调歌')).toEqual(['水调歌头']);
    expect(new Set(await songs('王'))).toEqual(new Set(['水调歌头', '但愿人长久']));
    expect(new Set(await songs('唱游'))).toEqual(new Set(['水调歌头', '但愿人长久']));
  });

  it('finds CJK album names by one of their characters', async () => {
    expect((await albums('갈')).results.map((a) => a.name)).toEqual(['꽃갈피']);
  });

  it('finds albums by their album artist, after albums named like the query', async () => {
    const r = await albums('mira solen');
    expect(r.results.map((a) => a.name)).toEqual(['Coastline', 'Night Drive']);
    expect(r.total).toBe(2);
    // 'Mira' is an album's own name: it comes before the albums found through their artist.
    expect((await albums('mira')).results.map((a) => a.name)).toEqual(['Mira', 'Coastline', 'Night Drive']);
    // An album whose songs' artist (not its album artist) matches is not listed.
    expect((await albums('guest singer')).results).toEqual([]);
  });

  it('pages albums found by their artist with the total', async () => {
    const second = await albums('mira solen', '&limit=1&page=2');
    expect(second).toMatchObject({ total: 2, start: 2 });
    expect(second.results.map((a) => a.name)).toEqual(['Night Drive']);
    expect(await albums('mira solen', '&limit=1&page=3')).toMatchObject({ total: 2, results: [] });
  });
});
