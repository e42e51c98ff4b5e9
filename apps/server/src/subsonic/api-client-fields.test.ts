import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTaggedFixtures, FIXTURE, NIGHT_TUNES, TAGGED_FIXTURE } from '../catalogue/test/fixtures.js';
import { ENGINES } from '../test/db.js';
import { checks, list, obj } from './test/checks.js';
import { client, EMAIL, many, rescan, startHarness, type Client, type Harness } from './test/harness.js';

type Obj = Record<string, unknown>;

/**
 * What third-party Subsonic apps read from answers: the OpenSubsonic song and album fields
 * (sent even when nothing is known), the caller's latest plays and ratings, folder-style
 * album entries with a name and song count, an index of album artists only, and artist
 * images. Over the fixture library with the tagged compilation "Night Tunes" added.
 */
describe.each(ENGINES)('subsonic fields apps read (%s)', (engine) => {
  let h: Harness;
  let api: Client;
  let c: ReturnType<typeof checks>;
  let albums: Obj[];
  let artists: Map<string, Obj>;
  const album = (name: string) => albums.find((a) => a.name === name)!;
  const songsOf = async (name: string) => list(obj((await api.json('getAlbum', { id: String(album(name).id) })).album).song);
  const songAt = async (name: string, path: string) => (await songsOf(name)).find((s) => s.path === path)!;

  beforeAll(async () => {
    h = await startHarness(engine);
    await addTaggedFixtures(h.musicDir);
    await rescan(h.t);
    api = client(h.t, { u: EMAIL, p: h.creds.password });
    c = checks(api);
    albums = list(obj((await api.json('getAlbumList2', { type: 'alphabeticalByName', size: '50' })).albumList2).album);
    const index = list(obj((await api.json('getArtists')).artists).index);
    artists = new Map(index.flatMap((i) => list(i.artist)).map((a) => [String(a.name), a]));
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('songs', () => {
    it('carry the tags apps show: bit depth, BPM, comment, MusicBrainz id, ISRCs, moods, advisory, artists and contributors', async () => {
      const id = String((await songAt('Night Tunes', TAGGED_FIXTURE.nightTunes1)).id);
      const { json, xml } = await c.both('getSong', { id });
      const tagged = NIGHT_TUNES.songs[TAGGED_FIXTURE.nightTunes1];
      const lena = artists.get('Lena Park')!;
      const ola = artists.get('Ola Brandt')!;
      const various = artists.get('Various Artists')!;
      expect(obj(json.song)).toMatchObject({
        title: 'Lantern Glow',
        bitDepth: 24,
        samplingRate: 44_100,
        channelCount: 2,
        bpm: tagged.bpm,
        comment: tagged.comment,
        musicBrainzId: tagged.mbTrackId,
        isrc: tagged.isrc,
        moods: tagged.moods,
        explicitStatus: 'explicit',
        artists: [{ id: lena.id, name: 'Lena Park' }],
        displayArtist: 'Lena Park',
        albumArtists: [{ id: various.id, name: 'Various Artists' }],
        displayAlbumArtist: 'Various Artists',
        contributors: [{ role: 'composer', artist: { id: ola.id, name: 'Ola Brandt' } }],
        displayComposer: 'Ola Brandt',
        genres: [{ name: 'Downtempo' }],
      });
      const x = obj(xml.song);
      expect(x).toMatchObject({ bpm: '124', bitDepth: '24', comment: tagged.comment, explicitStatus: 'explicit', displayAlbumArtist: 'Various Artists' });
      expect(many(x.isrc as string[])).toEqual(tagged.isrc);
      expect(many(x.moods as string[])).toEqual(tagged.moods);
      expect(obj(obj(x.contributors).artist)).toEqual({ id: ola.id, name: 'Ola Brandt' });
      const clean = obj((await c.both('getSong', { id: String((await songAt('Night Tunes', TAGGED_FIXTURE.nightTunes2)).id) })).json.song);
      expect(clean).toMatchObject({ explicitStatus: 'clean', comment: '', moods: [], contributors: [], bpm: 98 });
    });

    it('send the OpenSubsonic fields empty when the tags say nothing, and the album artist of albums that have one', async () => {
      const id = String((await songAt('Harbour Lights', FIXTURE.harbourLights)).id);
      const song = obj((await c.both('getSong', { id })).json.song);
      const mira = artists.get('Mira Solen')!;
      expect(song).toMatchObject({
        bpm: 0,
        comment: '',
        musicBrainzId: '',
        isrc: [],
        moods: [],
        explicitStatus: '',
        contributors: [],
        albumArtists: [{ id: mira.id, name: 'Mira Solen' }],
        displayAlbumArtist: 'Mira Solen',
      });
      expect(typeof song.bitDepth).toBe('number');
      expect(song.played).toBeUndefined();
      // Night Drive's songs are by two artists: the album is filed under Various Artists.
      const echo = obj((await c.both('getSong', { id: String((await songAt('Night Drive', FIXTURE.echoTeo)).id) })).json.song);
      expect(echo).toMatchObject({ displayArtist: 'Teo Vance', displayAlbumArtist: 'Various Artists' });
    });

    it('say when the caller last played them, and so do their albums', async () => {
      const song = await songAt('Night Tunes', TAGGED_FIXTURE.nightTunes2);
      const before = Date.now();
      await c.once('scrobble', { id: String(song.id) });
      const played = obj((await c.both('getSong', { id: String(song.id) })).json.song).played;
      expect(Date.parse(String(played))).toBeGreaterThanOrEqual(before - 1000);
      const { json, xml } = await c.both('getAlbum', { id: String(album('Night Tunes').id) });
      expect(obj(json.album).played).toBe(played);
      expect(obj(xml.album).played).toBe(played);
      const first = list(obj(json.album).song).find((s) => s.path === TAGGED_FIXTURE.nightTunes1)!;
      expect(first.played).toBeUndefined();
      const recent = list(obj((await c.both('getAlbumList2', { type: 'recent', size: '1' })).json.albumList2).album);
      expect(recent[0]).toMatchObject({ name: 'Night Tunes', played });
    });
  });

  describe('albums', () => {
    it('carry compilation, release types, label, MusicBrainz id, release dates and genres from the tags', async () => {
      const { json, xml } = await c.both('getAlbum', { id: String(album('Night Tunes').id) });
      expect(obj(json.album)).toMatchObject({
        name: 'Night Tunes',
        artist: 'Various Artists',
        isCompilation: true,
        releaseTypes: ['album', 'compilation'],
        recordLabels: [{ name: NIGHT_TUNES.label }],
        musicBrainzId: NIGHT_TUNES.mbAlbumId,
        releaseDate: { year: 2020, month: 5, day: 1 },
        originalReleaseDate: { year: 1998, month: 4, day: 2 },
        genres: [{ name: 'Downtempo' }],
      });
      expect(obj(xml.album)).toMatchObject({ isCompilation: 'true', musicBrainzId: NIGHT_TUNES.mbAlbumId });
      expect(obj(obj(xml.album).originalReleaseDate)).toEqual({ year: '1998', month: '4', day: '2' });
      const harbour = obj((await c.both('getAlbum', { id: String(album('Harbour Lights').id) })).json.album);
      expect(harbour).toMatchObject({
        isCompilation: false,
        releaseTypes: [],
        musicBrainzId: '',
        recordLabels: [{ name: 'Northwind Records' }],
        originalReleaseDate: {},
      });
      expect(obj(harbour.releaseDate).year).toBe(2021);
      expect(harbour.userRating).toBeUndefined();
    });

    it("carry the caller's rating in every album answer", async () => {
      const id = String(album('Harbour Lights').id);
      await c.once('setRating', { id, rating: '4' });
      expect(obj((await c.both('getAlbum', { id })).json.album).userRating).toBe(4);
      const byName = list(obj((await c.both('getAlbumList2', { type: 'alphabeticalByName', size: '50' })).json.albumList2).album);
      expect(byName.find((a) => a.id === id)?.userRating).toBe(4);
      const folders = list(obj((await c.both('getAlbumList', { type: 'highest' })).json.albumList).album);
      expect(folders[0]).toMatchObject({ id, userRating: 4 });
      const mira = artists.get('Mira Solen')!;
      expect(list(obj((await c.both('getArtist', { id: String(mira.id) })).json.artist).album)[0]).toMatchObject({ id, userRating: 4 });
      await c.once('setRating', { id, rating: '0' });
      expect(obj((await c.both('getAlbum', { id })).json.album).userRating).toBeUndefined();
    });

    it('getAlbumList gives each folder-style album its name and song count', async () => {
      const { json, xml } = await c.both('getAlbumList', { type: 'alphabeticalByName', size: '50' });
      const entries = list(obj(json.albumList).album);
      expect(entries.length).toBe(albums.length);
      for (const a of entries) {
        const id3 = albums.find((x) => x.id === a.id)!;
        expect(a).toMatchObject({ isDir: true, name: id3.name, title: id3.name, songCount: id3.songCount });
      }
      expect(entries.find((a) => a.name === 'Harbour Lights')?.songCount).toBe(3);
      const xmlEntries = many(obj(xml.albumList).album as Obj[]);
      expect(xmlEntries.find((a) => a.name === 'Harbour Lights')).toMatchObject({ songCount: '3', title: 'Harbour Lights' });
    });
  });

  describe('artists', () => {
    it('getIndexes lists the artists albums are filed under, not every performer', async () => {
      const { json } = await c.both('getIndexes');
      const names = list(obj(json.indexes).index).flatMap((i) => list(i.artist).map((a) => String(a.name)));
      expect(names).toEqual(expect.arrayContaining(['Various Artists', 'Mira Solen', 'Teo Vance']));
      // Lena Park sings only on the compilation, Ola Brandt only on Night Drive (filed under Various Artists).
      expect(names).not.toContain('Lena Park');
      expect(names).not.toContain('Ola Brandt');
      expect(new Set(names).size).toBe(names.length);
      // Walking the folders reads each album once.
      const seen: string[] = [];
      for (const entry of list(obj(json.indexes).index).flatMap((i) => list(i.artist))) {
        const dir = obj((await c.both('getMusicDirectory', { id: String(entry.id) })).json.directory);
        seen.push(...list(dir.child).map((x) => String(x.id)));
      }
      expect(seen.length).toBe(new Set(seen).size);
      expect(seen).toEqual(expect.arrayContaining(['Night Tunes', 'Night Drive', 'Harbour Lights'].map((n) => String(album(n).id))));
      const various = obj((await c.both('getMusicDirectory', { id: String(artists.get('Various Artists')!.id) })).json.directory);
      expect(list(various.child).map((x) => x.name).sort()).toEqual(['Night Drive', 'Night Tunes']);
      // A performer's own folder is its albums as album artist (none for Lena Park: an empty folder, not an error).
      const lena = obj((await c.both('getMusicDirectory', { id: String(artists.get('Lena Park')!.id) })).json.directory);
      expect(list(lena.child)).toEqual([]);
      // getArtists (ID3) still lists every credited artist.
      expect(artists.has('Lena Park')).toBe(true);
    });

    it('getArtists, getArtist and getIndexes give every artist an image: its own album’s cover, else the picture made from its name', async () => {
      const { json, xml } = await c.both('getArtists');
      const all = list(obj(json.artists).index).flatMap((i) => list(i.artist));
      for (const a of all) {
        expect(typeof a.coverArt, String(a.name)).toBe('string');
        expect(a.artistImageUrl).toBe(`http://localhost/images/${String(a.coverArt)}/500.jpg`);
      }
      const byName = new Map(all.map((a) => [a.name, a]));
      const mira = byName.get('Mira Solen')!;
      expect(mira.coverArt).toBe(album('Harbour Lights').coverArt);
      // Lena Park's only album has no art: the picture made from her name stands in, as in the web app.
      const lena = byName.get('Lena Park')!;
      expect(String(lena.coverArt)).toMatch(new RegExp(`^ga\\d+-${String(lena.id)}-[0-9a-f]{8}$`));
      const image = await h.t.app.request(new URL(String(lena.artistImageUrl)).pathname);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      // getCoverArt sends it at the size asked.
      const art = await api.raw('getCoverArt', { id: String(lena.coverArt), size: '120' });
      expect([art.status, art.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
      expect((await sharp(Buffer.from(await art.arrayBuffer())).metadata()).width).toBe(120);
      const xmlArtists = many(obj(xml.artists).index as Obj[]).flatMap((i) => many(i.artist as Obj[]));
      expect(xmlArtists.find((a) => a.name === 'Lena Park')).toMatchObject({ coverArt: lena.coverArt, artistImageUrl: lena.artistImageUrl });
      const one = obj((await c.both('getArtist', { id: String(lena.id) })).json.artist);
      expect(one).toMatchObject({ coverArt: lena.coverArt, artistImageUrl: lena.artistImageUrl, albumCount: 1 });
      const indexes = list(obj((await c.both('getIndexes')).json.indexes).index).flatMap((i) => list(i.artist));
      expect(indexes.find((a) => a.name === 'Mira Solen')).toEqual({ id: mira.id, name: 'Mira Solen', coverArt: mira.coverArt, artistImageUrl: mira.artistImageUrl });
    });

    it('getArtistInfo2 answers with what is known: images and similar artists', async () => {
      const lena = artists.get('Lena Park')!;
      const { json, xml } = await c.both('getArtistInfo2', { id: String(lena.id) });
      const info = obj(json.artistInfo2);
      const cover = String(lena.coverArt);
      expect(info).toMatchObject({
        smallImageUrl: `http://localhost/images/${cover}/50.jpg`,
        mediumImageUrl: `http://localhost/images/${cover}/150.jpg`,
        largeImageUrl: `http://localhost/images/${cover}/500.jpg`,
      });
      expect(info.biography).toBeUndefined();
      const similar = list(info.similarArtist);
      expect(similar.map((a) => a.name)).toContain('Teo Vance');
      expect(similar.every((a) => typeof a.coverArt === 'string' && typeof a.artistImageUrl === 'string')).toBe(true);
      expect(obj(xml.artistInfo2).largeImageUrl).toBe(info.largeImageUrl);
      const legacy = obj((await c.both('getArtistInfo', { id: String(lena.id) })).json.artistInfo);
      expect(legacy.largeImageUrl).toBe(info.largeImageUrl);
    });
  });
});
