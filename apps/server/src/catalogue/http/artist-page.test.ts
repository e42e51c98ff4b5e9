/**
 * The artist page's answer (catalogue-api.md §3.9 and Lyra's additions): the artist's real
 * totals, top songs by plays in album order on ties, a picture from their own albums only,
 * the albums they appear on, the "Various Artists" page of compilations, and a role label
 * only where the credits give one.
 */
import type { Album, Artist, ArtistSongs } from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { generatedArtistPictureId } from '../media/generated-artist-picture.js';
import { getJson } from '../test/api-client.js';
import { makeArtist, makeCover, makeTrack } from '../test/factory.js';

type Ok<T> = { success: true; data: T };

describe.each(ENGINES)('the artist page (%s)', (engine) => {
  let t: TestApp;
  const ids = { lena: '', mira: '', various: '', ola: '', nightDrive: '', harbour: '', sunburn: '', miraCover: '', compilationCover: '' };
  const names = (songs: { name: string }[] | null | undefined) => (songs ?? []).map((s) => s.name);
  const artist = async (id: string, q = '') => (await getJson<Ok<Artist>>(t.app, `/api/artists/${id}${q}`)).body.data;
  const imageOf = (a: { image: { url: string }[] }) => new URL(a.image[2]!.url).pathname;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue']);
    const db = t.testDb.db;
    ids.compilationCover = await makeCover(db, 'c0mp11a710nc0ver0000000000000000');
    ids.miraCover = await makeCover(db, 'm1rac0ver0000000000000000000000a');
    const nightDrive = { name: 'Night Drive', artist: 'Various Artists', year: 2020, coverId: ids.compilationCover };
    const harbour = { name: 'Harbour', artist: 'Lena Park', year: 2018 };
    const sunburn = { name: 'Sunburn', artist: 'DJ X', year: 2021 };
    // Lena Park: her own album without art, one song on the compilation (with art).
    await makeTrack(db, { title: 'Low Tide', artists: ['Lena Park'], album: harbour, trackNo: 2, playCount: 5, durationS: 200 });
    await makeTrack(db, { title: 'Pier', artists: ['Lena Park'], album: harbour, trackNo: 1, playCount: 5, durationS: 100.4 });
    await makeTrack(db, { title: 'Fog Lights', artists: ['Lena Park', { name: 'Ola Brandt', role: 'composer' }], album: nightDrive, trackNo: 1, playCount: 9, durationS: 150 });
    await makeTrack(db, { title: 'Tunnel', artists: ['Teo Vance'], album: nightDrive, trackNo: 2, playCount: 1, durationS: 120 });
    // Mira Solen: featured on DJ X's album (with art) and on nothing of her own but one album with art.
    await makeTrack(db, { title: 'Sunburn', artists: ['DJ X', { name: 'Mira Solen', role: 'featured' }], album: { ...sunburn, coverId: ids.compilationCover }, trackNo: 1, playCount: 30 });
    for (let i = 0; i < 12; i++) {
      await makeTrack(db, { title: `Mira ${String(i).padStart(2, '0')}`, artists: ['Mira Solen'], album: { name: 'Glass', artist: 'Mira Solen', year: 2019, coverId: ids.miraCover }, trackNo: i + 1, playCount: i, durationS: 60 });
    }
    ids.lena = await makeArtist(db, 'Lena Park');
    ids.mira = await makeArtist(db, 'Mira Solen');
    ids.various = await makeArtist(db, 'Various Artists');
    ids.ola = await makeArtist(db, 'Ola Brandt');
    // An artist row whose stored picture is another artist's cover (as a credited-on album gave it).
    await db.query('update artists set cover_id = $1 where id = $2', [ids.compilationCover, ids.lena]);
    const albumId = async (name: string) => (await db.query<{ id: string }>('select id from albums where name = $1', [name]))[0]!.id;
    ids.nightDrive = await albumId('Night Drive');
    ids.harbour = await albumId('Harbour');
    ids.sunburn = await albumId('Sunburn');
  });
  afterAll(() => t.close());

  it("counts the artist's whole catalogue, not the first page", async () => {
    const mira = await artist(ids.mira);
    expect(mira.topSongs).toHaveLength(10);
    expect(mira.totals).toEqual({ songs: 13, albums: 1, appearsOn: 1, duration: 12 * 60 + 180 });
    const songs = (await getJson<Ok<ArtistSongs>>(t.app, `/api/artists/${ids.mira}/songs`)).body.data;
    expect(songs.total).toBe(13);
    expect((await artist(ids.lena)).totals).toEqual({ songs: 3, albums: 1, appearsOn: 1, duration: 450 });
  });

  it('orders top songs by plays, ties in album order', async () => {
    expect(names((await artist(ids.lena)).topSongs)).toEqual(['Fog Lights', 'Pier', 'Low Tide']);
    expect(names((await artist(ids.mira, '?songCount=3')).topSongs)).toEqual(['Sunburn', 'Mira 11', 'Mira 10']);
  });

  it("takes the picture from the artist's own albums, never a compilation's or another artist's cover", async () => {
    const lena = await artist(ids.lena);
    // Her own album has no art: a picture made from her name (not the compilation's cover she is on).
    expect(imageOf(lena)).toBe(`/images/${generatedArtistPictureId(ids.lena, 'Lena Park')}/500.jpg`);
    expect(imageOf(await artist(ids.mira))).toBe(`/images/${ids.miraCover}/500.jpg`);
    // Teo Vance is only on the compilation: no album of his own, so a picture made from his name.
    const teo = await makeArtist(t.testDb.db, 'Teo Vance');
    expect(imageOf(await artist(teo))).toBe(`/images/${generatedArtistPictureId(teo, 'Teo Vance')}/500.jpg`);
    // Search shows the same pictures.
    const found = (await getJson(t.app, '/api/search/artists?query=lena')).body.data.results as { id: string; image: { url: string }[] }[];
    expect(imageOf(found.find((a) => a.id === ids.lena)!)).toBe(imageOf(lena));
  });

  it('lists own albums under topAlbums and compilations and featured albums under appearsOn', async () => {
    const lena = await artist(ids.lena);
    expect(lena.topAlbums?.map((a) => a.name)).toEqual(['Harbour']);
    expect(lena.appearsOn?.map((a: Album) => [a.name, a.artists.primary.map((p) => p.name)])).toEqual([['Night Drive', ['Various Artists']]]);
    const mira = await artist(ids.mira);
    expect(mira.topAlbums?.map((a) => a.name)).toEqual(['Glass']);
    expect(mira.appearsOn?.map((a) => a.id)).toEqual([ids.sunburn]);
    // A featured artist stays on the song.
    const sunburn = mira.topSongs?.find((s) => s.name === 'Sunburn');
    expect(sunburn?.artists.primary.map((a) => a.name)).toEqual(['DJ X']);
    expect(sunburn?.artists.featured.map((a) => a.name)).toEqual(['Mira Solen']);
  });

  it("shows Various Artists' compilations and their songs", async () => {
    const various = await artist(ids.various);
    expect(various.topAlbums?.map((a) => a.id)).toEqual([ids.nightDrive]);
    expect(various.appearsOn).toEqual([]);
    expect(names(various.topSongs)).toEqual(['Fog Lights', 'Tunnel']);
    expect(various.totals).toEqual({ songs: 2, albums: 1, appearsOn: 0, duration: 270 });
    expect(various.dominantType).toBeNull();
    expect(imageOf(various)).toBe(`/images/${ids.compilationCover}/500.jpg`);
  });

  it('gives a role label only where the credits say one', async () => {
    expect((await artist(ids.lena)).dominantType).toBeNull();
    expect((await artist(ids.mira)).dominantType).toBeNull();
    const ola = await artist(ids.ola);
    expect(ola.dominantType).toBe('composer');
    expect(ola.totals).toEqual({ songs: 1, albums: 0, appearsOn: 0, duration: 150 });
    expect(ola.topAlbums).toEqual([]);
  });

  it('pages appearsOn with albumCount, and says when the artist is unknown', async () => {
    expect((await artist(ids.lena, '?albumCount=1&page=1')).appearsOn).toEqual([]);
    const unknown = await getJson(t.app, '/api/artists/nobody');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'artist not found' });
  });
});
