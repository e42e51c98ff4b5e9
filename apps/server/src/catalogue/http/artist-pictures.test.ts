/**
 * One picture per artist wherever they show: the artist page reads it live, Library's Artists list,
 * song credits, album artists and search read the column the scanner's aggregate pass (and migration
 * 0850, for catalogues scanned before) keeps to the same rule. An artist with no album art of their
 * own gets a picture generated from their name, served through /images like any cover.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Album, Artist, LibraryArtists, Song } from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { generatedArtistPictureId, pictureInitials } from '../media/generated-artist-picture.js';
import { refreshAggregates } from '../scanner/finalize.js';
import { getJson } from '../test/api-client.js';
import { makeArtist, makeCover, makeTrack } from '../test/factory.js';

type Ok<T> = { success: true; data: T };
const MIGRATION = new URL('../../../migrations/catalogue/0850-artist-pictures-own-albums.sql', import.meta.url);

describe.each(ENGINES)('artist pictures (%s)', (engine) => {
  let t: TestApp;
  const ids = { lena: '', mira: '', teo: '', various: '', dj: '', miraCover: '', djCover: '', compilationCover: '' };
  const path = (image: { url: string }[]) => new URL(image[1]!.url).pathname;
  const page = async (id: string) => path((await getJson<Ok<Artist>>(t.app, `/api/artists/${id}`)).body.data.image);
  const listed = async () => {
    const list = (await getJson<Ok<LibraryArtists>>(t.app, '/api/library/artists?sort=name&limit=50')).body.data.results;
    return new Map(list.map((a) => [a.id, { image: path(a.image), hasPicture: a.hasPicture }]));
  };
  /** Every credit's picture on every song, by artist id (each must be one picture). */
  const credited = async () => {
    const songs: Song[] = [];
    for (const id of await t.testDb.db.query<{ id: string }>('select id from albums order by id')) {
      songs.push(...((await getJson<Ok<Album>>(t.app, `/api/albums?id=${id.id}`)).body.data.songs ?? []));
    }
    const seen = new Map<string, Set<string>>();
    for (const s of songs) for (const a of s.artists.all) seen.set(a.id, (seen.get(a.id) ?? new Set()).add(path(a.image)));
    return seen;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue']);
    const db = t.testDb.db;
    ids.compilationCover = await makeCover(db, 'c0mp11a710nc0ver0000000000000000');
    ids.miraCover = await makeCover(db, 'm1rac0ver0000000000000000000000a');
    ids.djCover = await makeCover(db, 'djxc0ver00000000000000000000000a');
    const nightDrive = { name: 'Night Drive', artist: 'Various Artists', year: 2020, coverId: ids.compilationCover };
    // Lena Park: her own album without art, and a song on the compilation (with art).
    await makeTrack(db, { title: 'Pier', artists: ['Lena Park'], album: { name: 'Harbour', artist: 'Lena Park', year: 2018 } });
    // (Songs carry their album's art, as scanned files do: the aggregate pass takes an album's cover from its songs.)
    await makeTrack(db, { title: 'Fog Lights', artists: ['Lena Park'], album: nightDrive, trackNo: 1, coverId: ids.compilationCover });
    // Teo Vance: only on the compilation.
    await makeTrack(db, { title: 'Tunnel', artists: ['Teo Vance'], album: nightDrive, trackNo: 2, coverId: ids.compilationCover });
    // Mira Solen: her own album with art (older) and featured on DJ X's newer album with art.
    await makeTrack(db, { title: 'Glass', artists: ['Mira Solen'], album: { name: 'Glass', artist: 'Mira Solen', year: 2015, coverId: ids.miraCover }, coverId: ids.miraCover });
    await makeTrack(db, { title: 'Sunburn', artists: ['DJ X', { name: 'Mira Solen', role: 'featured' }], album: { name: 'Sunburn', artist: 'DJ X', year: 2021, coverId: ids.djCover }, coverId: ids.djCover });
    ids.lena = await makeArtist(db, 'Lena Park');
    ids.mira = await makeArtist(db, 'Mira Solen');
    ids.teo = await makeArtist(db, 'Teo Vance');
    ids.various = await makeArtist(db, 'Various Artists');
    ids.dj = await makeArtist(db, 'DJ X');
    // Pictures as scans before gave them: a credited-on album's cover, another artist's.
    for (const [artist, cover] of [[ids.lena, ids.compilationCover], [ids.teo, ids.compilationCover], [ids.mira, ids.djCover]] as const) {
      await db.query('update artists set cover_id = $1 where id = $2', [cover, artist]);
    }
  });
  afterAll(() => t.close());

  const expected = () => ({
    [ids.lena]: `/images/${generatedArtistPictureId(ids.lena, 'Lena Park')}/150.jpg`,
    [ids.teo]: `/images/${generatedArtistPictureId(ids.teo, 'Teo Vance')}/150.jpg`,
    [ids.mira]: `/images/${ids.miraCover}/150.jpg`,
    [ids.dj]: `/images/${ids.djCover}/150.jpg`,
    [ids.various]: `/images/${ids.compilationCover}/150.jpg`,
  });

  it('reads the live rule on the artist page, whatever the stored column says', async () => {
    for (const [id, image] of Object.entries(expected())) expect(await page(id), id).toBe(image);
  });

  it('sets every stored picture to the rule once (migration 0850), so lists and credits agree with the page', async () => {
    await t.testDb.db.query(await readFile(MIGRATION, 'utf8'));
    const list = await listed();
    const credits = await credited();
    for (const [id, image] of Object.entries(expected())) {
      expect(list.get(id), id).toEqual({ image, hasPicture: true });
      if (credits.has(id)) expect([...credits.get(id)!], id).toEqual([image]);
    }
    expect(credits.get(ids.mira)?.size).toBe(1);
    expect(credits.get(ids.lena)?.size).toBe(1);
  });

  it("keeps them to the rule in the scanner's aggregate pass", async () => {
    const db = t.testDb.db;
    await db.query('update artists set cover_id = $1', [ids.compilationCover]);
    await refreshAggregates(db, 'all');
    const list = await listed();
    for (const [id, image] of Object.entries(expected())) expect(list.get(id)?.image, id).toBe(image);
    // Lena's own album gets art: it becomes her picture, on the page and, once aggregated, in the list.
    const art = await makeCover(db, 'h4rb0urc0ver000000000000000000aa');
    await db.query(`update tracks set cover_id = $1 where title = 'Pier'`, [art]);
    await db.query(`update albums set cover_id = $1 where name = 'Harbour'`, [art]);
    expect(await page(ids.lena)).toBe(`/images/${art}/150.jpg`);
    await refreshAggregates(db, 'all');
    expect((await listed()).get(ids.lena)?.image).toBe(`/images/${art}/150.jpg`);
    await db.query(`update tracks set cover_id = null where title = 'Pier'`);
    await db.query(`update albums set cover_id = null where name = 'Harbour'`);
    await refreshAggregates(db, 'all');
    expect((await listed()).get(ids.lena)?.image).toBe(expected()[ids.lena]);
  });

  it('serves a generated picture in the three sizes; a stale name or an unknown artist is a 404', async () => {
    const picture = generatedArtistPictureId(ids.teo, 'Teo Vance');
    for (const size of [50, 150, 500]) {
      const res = await t.app.request(`/images/${picture}/${size}.jpg`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toContain('immutable');
      const { width, height } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([width, height]).toEqual([size, size]);
    }
    expect((await t.app.request(`/images/${generatedArtistPictureId(ids.teo, 'Teo Vance (old)')}/150.jpg`)).status).toBe(404);
    expect((await t.app.request(`/images/${generatedArtistPictureId('0000000000', 'Nobody')}/150.jpg`)).status).toBe(404);
    // Two artists, two pictures.
    const [a, b] = await Promise.all(
      [picture, generatedArtistPictureId(ids.lena, 'Lena Park')].map(async (p) => Buffer.from(await (await t.app.request(`/images/${p}/150.jpg`)).arrayBuffer())),
    );
    expect(a!.equals(b!)).toBe(false);
  });
});

describe('artist picture initials', () => {
  it.each([
    ['Mira Solen', 'MS'],
    ['DJ X', 'DX'],
    ['lena park orchestra', 'LP'],
    ['坂本龍一', '坂'],
    ['아이유', '아'],
    ['فيروز', 'ف'],
    ['Лена Пак', 'ЛП'],
    ['(hed) p.e.', 'HP'],
    ['🎵 Club', 'C'],
    ['🎵', '🎵'],
    ['', '?'],
  ])('%s → %s', (name, initials) => expect(pictureInitials(name)).toBe(initials));
});
