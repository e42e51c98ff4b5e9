import type { Album, Artist, ArtistAlbums, ArtistSongs, Playlist } from '@lyra/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ENGINES } from '../../test/db.js';
import { getJson } from '../test/api-client.js';
import { makeTrack } from '../test/factory.js';
import { seedLibrary, type TestLibrary } from '../test/library.js';

type Ok<T> = { success: true; data: T };

describe.each(ENGINES)('catalogue albums, playlists and artists (%s)', (engine) => {
  let t: TestApp;
  let lib: TestLibrary;
  let wesnothId: string;
  let davidId: string;
  let cheeseId: string;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['catalogue']);
    lib = await seedLibrary(t.testDb.db);
    const [song] = (await getJson(t.app, `/api/songs/${lib.elvish}`)).body.data;
    wesnothId = song.album.id;
    davidId = song.artists.primary[0].id;
    cheeseId = (await getJson(t.app, `/api/songs/${lib.reset}`)).body.data[0].artists.primary[0].id;
  });
  afterAll(() => t.close());

  describe('albums', () => {
    it('lists every track in disc and track order', async () => {
      const album = (await getJson<Ok<Album>>(t.app, `/api/albums?id=${wesnothId}`)).body.data;
      expect(album.songs?.map((s) => s.name)).toEqual(['Knolls', 'Battle Epic', 'Elvish Theme', 'Loyalists']);
      expect(album).toMatchObject({
        name: 'The Battle for Wesnoth OST',
        type: 'album',
        year: 2008,
        songCount: 4,
        playCount: 7 + 40 + 3 + 12,
        language: 'english',
        explicitContent: true,
        description: '2008 · English Album · David White',
      });
      expect(album.artists.primary.map((a) => a.name)).toEqual(['David White']);
      expect(album.artists.all.map((a) => a.role)).toEqual(['']);
    });

    it('finds the album by link, link first', async () => {
      const album = (await getJson<Ok<Album>>(t.app, `/api/albums?id=${wesnothId}`)).body.data;
      const byLink = await getJson<Ok<Album>>(t.app, `/api/albums?id=nope&link=${encodeURIComponent(album.url)}`);
      expect(byLink.body.data.id).toBe(wesnothId);
    });

    it('says what is missing or unknown', async () => {
      expect((await getJson(t.app, '/api/albums')).body).toEqual({ success: false, message: 'Either album ID or link is required' });
      const unknown = await getJson(t.app, '/api/albums?id=123');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ success: false, message: 'album not found' });
    });
  });

  describe('playlists', () => {
    const playlist = async (q: string) => (await getJson<Ok<Playlist>>(t.app, `/api/playlists?id=${lib.playlist}${q}`)).body.data;

    it('pages songs: songCount counts this page, totalSongs the playlist (§3.8)', async () => {
      const all = await playlist('');
      expect(all.songs.map((s) => s.id)).toEqual([lib.reset, lib.battleEpic, lib.knolls]);
      expect(all).toMatchObject({ name: 'Late Night Mix', description: 'Quiet songs for after midnight.', songCount: 3, totalSongs: 3 });
      expect(all.artists?.map((a) => a.name)).toEqual(['David White', 'Cheese']);
      expect(all.image[0]?.url).toContain(`/images/${lib.coverId}/50.jpg`);
      const p0 = await playlist('&page=0&limit=2');
      expect(await playlist('&page=1&limit=2')).toEqual(p0);
      expect(p0.songs.map((s) => s.id)).toEqual([lib.reset, lib.battleEpic]);
      expect(p0.songCount).toBe(2);
      const p2 = await playlist('&page=2&limit=2');
      expect(p2.songs.map((s) => s.id)).toEqual([lib.knolls]);
      expect(p2.songCount).toBe(1);
      const past = await playlist('&page=3&limit=2');
      expect(past).toMatchObject({ songs: [], songCount: null, totalSongs: 3 });
    });

    it('says what is missing or unknown', async () => {
      expect((await getJson(t.app, '/api/playlists')).body).toEqual({ success: false, message: 'Either playlist ID or link is required' });
      const unknown = await getJson(t.app, '/api/playlists?link=https://www.jiosaavn.com/featured/x/777');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ success: false, message: 'playlist not found' });
    });
  });

  describe('artists', () => {
    const artist = async (id: string, q = '') => (await getJson<Ok<Artist>>(t.app, `/api/artists/${id}${q}`)).body.data;

    it('shows top songs, album summaries and similar artists', async () => {
      const a = await artist(davidId);
      expect(a).toMatchObject({
        name: 'David White',
        type: 'artist',
        dominantLanguage: 'english',
        dominantType: null,
        availableLanguages: ['english'],
        singles: [],
        bio: [],
        fanCount: null,
      });
      // popularity: most played first
      expect(a.topSongs?.map((s) => s.name)).toEqual(['Battle Epic', 'Elvish Theme', 'Knolls', 'Loyalists']);
      expect(a.topAlbums?.map((al) => [al.name, al.songs, al.songCount])).toEqual([['The Battle for Wesnoth OST', null, 4]]);
      expect(a.image).toHaveLength(3);
      expect(a.url).toContain(`/artist/david-white/${davidId}`);
    });

    it('counts, pages and sorts the top lists', async () => {
      expect((await artist(davidId, '?songCount=2')).topSongs?.map((s) => s.name)).toEqual(['Battle Epic', 'Elvish Theme']);
      expect((await artist(davidId, '?songCount=2&page=1')).topSongs?.map((s) => s.name)).toEqual(['Knolls', 'Loyalists']);
      expect((await artist(davidId, '?songCount=0')).topSongs).toHaveLength(4);
      expect((await artist(davidId, '?sortBy=alphabetical')).topSongs?.map((s) => s.name)).toEqual([
        'Battle Epic',
        'Elvish Theme',
        'Knolls',
        'Loyalists',
      ]);
      expect((await artist(davidId, '?sortBy=alphabetical&sortOrder=desc')).topSongs?.map((s) => s.name)).toEqual([
        'Loyalists',
        'Knolls',
        'Elvish Theme',
        'Battle Epic',
      ]);
      const byLink = await getJson<Ok<Artist>>(t.app, `/api/artists?link=${encodeURIComponent(`https://x.example/artist/david/${davidId}`)}`);
      expect(byLink.body.data.id).toBe(davidId);
    });

    it('lists a featured artist as similar to its genre mates', async () => {
      const a = await artist(cheeseId);
      expect(a.similarArtists).toEqual([]);
      await makeTrack(t.testDb.db, { title: 'Circuit', artists: ['Volt Ada'], genre: 'Electronic' });
      expect((await artist(cheeseId)).similarArtists?.map((s) => s.name)).toEqual(['Volt Ada']);
    });

    it('pages songs and albums 10 at a time from page 0, newest first when asked', async () => {
      for (let i = 0; i < 11; i++) {
        await makeTrack(t.testDb.db, { title: `Old ${String(i).padStart(2, '0')}`, artists: ['Cheese'], year: 1990 + i });
      }
      const p0 = (await getJson<Ok<ArtistSongs>>(t.app, `/api/artists/${cheeseId}/songs?sortBy=latest`)).body.data;
      const p1 = (await getJson<Ok<ArtistSongs>>(t.app, `/api/artists/${cheeseId}/songs?sortBy=latest&page=1`)).body.data;
      expect(p0.total).toBe(15);
      expect(p0.songs).toHaveLength(10);
      expect(p0.songs.slice(0, 2).map((s) => s.name)).toEqual(['Quiet Hum', 'Dawn of Code']);
      expect(p1.songs.map((s) => s.name)).toEqual(['Old 04', 'Old 03', 'Old 02', 'Old 01', 'Old 00']);
      const asc = (await getJson<Ok<ArtistSongs>>(t.app, `/api/artists/${cheeseId}/songs?sortBy=latest&sortOrder=asc`)).body.data;
      expect(asc.songs[0]?.name).toBe('Old 00');
      const albums = (await getJson<Ok<ArtistAlbums>>(t.app, `/api/artists/${cheeseId}/albums`)).body.data;
      expect(albums).toMatchObject({ total: 1, albums: [{ name: 'Singularity', songs: null, songCount: 3 }] });
      const past = (await getJson<Ok<ArtistAlbums>>(t.app, `/api/artists/${cheeseId}/albums?page=5`)).body.data;
      expect(past).toEqual({ total: 1, albums: [] });
    });

    it('says which artist list is unknown, and refuses bad sort values', async () => {
      const cases: [string, string][] = [
        ['/api/artists/nope', 'artist not found'],
        ['/api/artists?id=nope', 'artist not found'],
        ['/api/artists/nope/songs', 'artist songs not found'],
        ['/api/artists/nope/albums', 'artist albums not found'],
      ];
      for (const [path, message] of cases) {
        const r = await getJson(t.app, path);
        expect(r.status, path).toBe(404);
        expect(r.body, path).toEqual({ success: false, message });
      }
      expect((await getJson(t.app, '/api/artists')).body).toEqual({ success: false, message: 'Either artist ID or link is required' });
      for (const q of ['sortBy=newest', 'sortOrder=up', 'page=two', 'songCount=ten']) {
        const r = await getJson(t.app, `/api/artists/${davidId}?${q}`);
        expect(r.status, q).toBe(400);
        expect(r.body.success, q).toBe(false);
        expect(r.body.error.issues[0].path, q).toEqual([q.split('=')[0]]);
      }
      expect((await getJson(t.app, `/api/artists/${davidId}/songs?sortBy=best`)).status).toBe(400);
    });
  });
});
