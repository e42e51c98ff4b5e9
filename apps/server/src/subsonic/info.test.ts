import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test/db.js';
import { checks, list, obj } from './test/checks.js';
import { client, EMAIL, many, startHarness, type Client, type Harness } from './test/harness.js';

type Obj = Record<string, unknown>;

describe.each(ENGINES)('subsonic info, similar, top songs and legacy lists (%s)', (engine) => {
  let h: Harness;
  let api: Client;
  let c: ReturnType<typeof checks>;
  let artists: Map<string, Obj>;
  let harbour: Obj;
  let harbourSongs: Obj[];

  beforeAll(async () => {
    h = await startHarness(engine);
    api = client(h.t, { u: EMAIL, p: h.creds.password });
    c = checks(api);
    const index = list(obj((await api.json('getArtists')).artists).index);
    artists = new Map(index.flatMap((i) => list(i.artist)).map((a) => [String(a.name), a]));
    const albums = list(obj((await api.json('getAlbumList2', { type: 'alphabeticalByName', size: '50' })).albumList2).album);
    harbour = albums.find((a) => a.name === 'Harbour Lights')!;
    harbourSongs = list(obj((await api.json('getAlbum', { id: String(harbour.id) })).album).song);
  });
  afterAll(async () => {
    await h?.close();
  });

  const idOf = (name: string) => String(artists.get(name)!.id);

  describe('getArtistInfo2 and getArtistInfo', () => {
    it('lists artists sharing albums or genres, and the cover images as /images URLs', async () => {
      const { json, xml } = await c.both('getArtistInfo2', { id: idOf('Teo Vance') });
      const info = obj(json.artistInfo2);
      expect(list(info.similarArtist).map((a) => a.name).sort()).toEqual(['Mira Solen', 'Ola Brandt']);
      expect(list(info.similarArtist)[0]).toMatchObject({ id: expect.any(String), albumCount: expect.any(Number) });
      expect(info.biography).toBeUndefined();
      expect(many(obj(xml.artistInfo2).similarArtist as Obj[]).length).toBe(2);
      const legacy = obj((await c.both('getArtistInfo', { id: idOf('Teo Vance') })).json.artistInfo);
      expect(list(legacy.similarArtist)).toEqual(list(info.similarArtist).map((a) => ({ id: a.id, name: a.name, coverArt: a.coverArt, artistImageUrl: a.artistImageUrl })));
      const one = obj((await c.both('getArtistInfo2', { id: idOf('Teo Vance'), count: '1' })).json.artistInfo2);
      expect(list(one.similarArtist)).toHaveLength(1);
    });

    it('takes an album or song id as its artist, and answers valid empty fields when nothing is known', async () => {
      const byAlbum = obj((await c.both('getArtistInfo2', { id: String(harbour.id) })).json.artistInfo2);
      const bySong = obj((await c.both('getArtistInfo2', { id: String(harbourSongs[1]!.id) })).json.artistInfo2);
      expect(byAlbum).toEqual(bySong);
      expect(list(byAlbum.similarArtist).map((a) => a.name)).toContain('Teo Vance');
      const none = obj((await c.both('getArtistInfo2', { id: idOf('Mira Solen'), count: '0' })).json.artistInfo2);
      expect(none.similarArtist ?? []).toEqual([]);
    });

    it('says what is missing (10) or unknown (70)', async () => {
      for (const method of ['getArtistInfo2', 'getArtistInfo']) {
        await c.failure(method, {}, 10);
        await c.failure(method, { id: '9999999999' }, 70);
      }
      await c.failure('getArtistInfo2', { id: idOf('Teo Vance'), count: 'many' }, 0);
    });
  });

  describe('getAlbumInfo2 and getAlbumInfo', () => {
    it("gives the album cover's three sizes, for an album or one of its songs", async () => {
      const { json } = await c.both('getAlbumInfo2', { id: String(harbour.id) });
      const info = obj(json.albumInfo);
      const cover = String(harbour.coverArt);
      expect(info).toEqual({
        smallImageUrl: `http://localhost/images/${cover}/50.jpg`,
        mediumImageUrl: `http://localhost/images/${cover}/150.jpg`,
        largeImageUrl: `http://localhost/images/${cover}/500.jpg`,
      });
      expect(obj((await c.both('getAlbumInfo', { id: String(harbourSongs[0]!.id) })).json.albumInfo)).toEqual(info);
      const image = await h.t.app.request(new URL(String(info.smallImageUrl)).pathname);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
    });

    it('says what is missing (10) or unknown (70)', async () => {
      for (const method of ['getAlbumInfo2', 'getAlbumInfo']) {
        await c.failure(method, {}, 10);
        await c.failure(method, { id: '9999999999' }, 70);
      }
    });
  });

  describe('getSimilarSongs2 and getSimilarSongs', () => {
    const similar = async (method: string, params: Record<string, string>) => {
      const key = method === 'getSimilarSongs2' ? 'similarSongs2' : 'similarSongs';
      const json = await c.once(method, params);
      const xml = await c.xmlOk(method, params);
      const songs = list(obj(json[key]).song);
      expect(new Set(songs.map((s) => s.id)).size).toBe(songs.length);
      expect(many(obj(xml[key]).song as Obj[]).length).toBe(songs.length);
      return songs;
    };

    it("mixes the artist's songs with those of artists sharing albums or genres, never the song itself", async () => {
      const seed = String(harbourSongs[1]!.id);
      const songs = await similar('getSimilarSongs2', { id: seed });
      expect(songs.map((s) => s.id)).not.toContain(seed);
      const titles = songs.map((s) => String(s.title));
      expect(titles).toEqual(expect.arrayContaining(['Paper Lanterns', 'Paper Lanterns (Reprise)', 'Echo', 'Opus Sample']));
      expect(await similar('getSimilarSongs2', { id: seed, count: '2' })).toHaveLength(2);
      expect(await similar('getSimilarSongs', { id: idOf('Ola Brandt'), count: '0' })).toEqual([]);
      const byAlbum = await similar('getSimilarSongs', { id: String(harbour.id) });
      expect(byAlbum.map((s) => s.title)).toContain('Harbour Lights');
    });

    it('says what is missing (10) or unknown (70)', async () => {
      for (const method of ['getSimilarSongs2', 'getSimilarSongs']) {
        await c.failure(method, {}, 10);
        await c.failure(method, { id: '9999999999' }, 70);
      }
    });
  });

  describe('getTopSongs', () => {
    it("orders an artist's songs as the artist page of the catalogue orders its top songs", async () => {
      const id = idOf('Mira Solen');
      const page = (await (await h.t.app.request(`/api/artists/${id}`)).json()) as { data: { topSongs: { id: string }[] } };
      const { json, xml } = await c.both('getTopSongs', { artist: 'Mira Solen' });
      const songs = list(obj(json.topSongs).song);
      expect(songs.map((s) => s.id)).toEqual(page.data.topSongs.map((s) => s.id));
      expect(songs.length).toBeGreaterThanOrEqual(3);
      expect(many(obj(xml.topSongs).song as Obj[]).map((s) => s.id)).toEqual(songs.map((s) => s.id));
      expect(list(obj((await c.both('getTopSongs', { artist: 'mira solen', count: '2' })).json.topSongs).song)).toEqual(songs.slice(0, 2));
      expect(list(obj((await c.both('getTopSongs', { id, artist: 'Nobody' })).json.topSongs).song)).toEqual(songs);
    });

    it('answers an empty list for an unknown name; 10 without a name or id, 70 for an unknown id', async () => {
      const { json } = await c.both('getTopSongs', { artist: 'Nobody At All' });
      expect(obj(json.topSongs).song ?? []).toEqual([]);
      await c.failure('getTopSongs', {}, 10);
      await c.failure('getTopSongs', { id: '9999999999' }, 70);
    });
  });

  describe('getSongsByGenre', () => {
    it('pages through the songs of a genre in any letter case', async () => {
      const { json, xml } = await c.both('getSongsByGenre', { genre: 'synthwave' });
      const songs = list(obj(json.songsByGenre).song);
      expect(songs.map((s) => s.title)).toEqual(['Echo', 'Echo']);
      expect(songs.every((s) => s.genre === 'Synthwave')).toBe(true);
      expect(many(obj(xml.songsByGenre).song as Obj[]).map((s) => s.id)).toEqual(songs.map((s) => s.id));
      const second = list(obj((await c.both('getSongsByGenre', { genre: 'Synthwave', count: '1', offset: '1' })).json.songsByGenre).song);
      expect(second).toEqual([songs[1]]);
      expect(obj((await c.both('getSongsByGenre', { genre: 'Polka' })).json.songsByGenre).song ?? []).toEqual([]);
    });

    it('needs a genre (10) and integer paging (0)', async () => {
      await c.failure('getSongsByGenre', {}, 10);
      await c.failure('getSongsByGenre', { genre: 'Synthwave', count: 'ten' }, 0);
    });
  });

  describe('getAlbumList, search2 (folder shapes)', () => {
    it('getAlbumList gives the same albums as getAlbumList2, as folders', async () => {
      const lists: Record<string, string>[] = [{ type: 'alphabeticalByName', size: '50' }, { type: 'newest', size: '1', offset: '1' }, { type: 'byGenre', genre: 'Synthwave' }];
      for (const params of lists) {
        const id3 = list(obj((await c.both('getAlbumList2', params)).json.albumList2).album);
        const { json, xml } = await c.both('getAlbumList', params);
        const albums = list(obj(json.albumList).album);
        expect(albums.map((a) => a.id)).toEqual(id3.map((a) => a.id));
        expect(albums.every((a) => a.isDir === true)).toBe(true);
        expect(many(obj(xml.albumList).album as Obj[]).map((a) => a.id)).toEqual(albums.map((a) => a.id));
      }
      await c.failure('getAlbumList', {}, 10);
      await c.failure('getAlbumList', { type: 'sideways' }, 0);
    });

    it('search2 finds what search3 finds, in the folder shapes', async () => {
      const searches: Record<string, string>[] = [{ query: 'harbour' }, { query: 'mira' }, { query: '', songCount: '3' }];
      for (const params of searches) {
        const r3 = obj((await c.both('search3', params)).json.searchResult3);
        const r2 = obj((await c.both('search2', params)).json.searchResult2);
        for (const key of ['artist', 'album', 'song']) expect(list(r2[key]).map((x) => x.id), key).toEqual(list(r3[key]).map((x) => x.id));
        expect(list(r2.artist)).toEqual(list(r3.artist).map((a) => ({ id: a.id, name: a.name, coverArt: a.coverArt, artistImageUrl: a.artistImageUrl })));
        expect(list(r2.album).every((a) => a.isDir === true)).toBe(true);
      }
    });
  });
});
