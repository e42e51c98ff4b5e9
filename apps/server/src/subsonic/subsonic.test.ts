import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, FIXTURE_GOOD_AUDIO } from '../catalogue/test/fixtures.js';
import { ENGINES } from '../test/db.js';
import { SERVER_VERSION } from './envelope.js';
import { EXTENSIONS } from './system.js';
import { expectSchema } from './test/openapi.js';
import { client, EMAIL, many, PASSWORD, query, startHarness, tokenParams, xmlView, type Body, type Client, type Harness } from './test/harness.js';

const run = promisify(execFile);

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => v as Obj;
const RANDOM = new Set(['getRandomSongs:', 'getAlbumList2:random']);
const list = (v: unknown): Obj[] => v as Obj[];

describe.each(ENGINES)('subsonic API (%s)', (engine) => {
  let h: Harness;
  let api: Client;
  let tmp: string;
  /** Ids found by browsing, for the other tests. */
  let harbour: Obj;
  let harbourSongs: Obj[];
  let mira: Obj;

  beforeAll(async () => {
    h = await startHarness(engine);
    tmp = await mkdtemp(join(tmpdir(), 'lyra-subsonic-out-'));
    api = client(h.t, { u: EMAIL, p: h.creds.password });
    const list2 = await api.json('getAlbumList2', { type: 'alphabeticalByName', size: '50' });
    harbour = list(obj(list2.albumList2).album).find((a) => a.name === 'Harbour Lights')!;
    harbourSongs = list(obj((await api.json('getAlbum', { id: String(harbour.id) })).album).song);
    const artists = list(obj((await api.json('getArtists')).artists).index).flatMap((i) => list(i.artist));
    mira = artists.find((a) => a.name === 'Mira Solen')!;
  });
  afterAll(async () => {
    await h?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  /** JSON checked against the reference's schema, XML parsed; both must say ok. */
  const both = async (method: string, params: Record<string, string> = {}): Promise<{ json: Body; xml: Obj }> => {
    const json = await api.json(method, params);
    expect(json.error, method).toBeUndefined();
    expect(json.status).toBe('ok');
    expectSchema(method, { 'subsonic-response': json });
    const { doc, lists } = await api.xml(method, params);
    const root = obj(doc['subsonic-response']);
    expect(root.status, method).toBe('ok');
    expect(root.xmlns).toBe('http://subsonic.org/restapi');
    // Random lists differ between calls; every other answer must say in XML exactly what it says in JSON.
    if (!RANDOM.has(`${method}:${params.type ?? ''}`)) {
      expect(lists, method).toEqual({ 'subsonic-response': [{ xmlns: 'http://subsonic.org/restapi', ...obj(xmlView(json)) }] });
    }
    return { json, xml: root };
  };
  const failure = async (method: string, params: Record<string, string>, code: number, c: Client = api) => {
    const json = await c.json(method, params);
    expect(json.status, method).toBe('failed');
    expect(json.error?.code, `${method} ${JSON.stringify(json.error)}`).toBe(code);
    expectSchema('ping', { 'subsonic-response': json });
    const { doc } = await c.xml(method, params);
    const error = obj(obj(doc['subsonic-response']).error);
    expect(Number(error.code)).toBe(code);
    return json;
  };

  describe('envelope', () => {
    it('answers ping in JSON, XML and JSONP, as /rest/ping and /rest/ping.view', async () => {
      const { json, xml } = await both('ping');
      expect(json).toEqual({ status: 'ok', version: '1.16.1', type: 'lyra', serverVersion: SERVER_VERSION, openSubsonic: true });
      expect(xml).toMatchObject({ status: 'ok', version: '1.16.1', type: 'lyra', serverVersion: SERVER_VERSION, openSubsonic: 'true' });
      const view = await api.json('ping.view');
      expect(view.status).toBe('ok');
      const jsonp = await api.raw('ping', { f: 'jsonp', callback: 'cb' });
      expect(jsonp.headers.get('content-type')).toContain('javascript');
      const text = await jsonp.text();
      expect(text).toMatch(/^cb\(\{"subsonic-response":\{"status":"ok"/);
      expect(text.endsWith(');')).toBe(true);
      const xml2 = await api.raw('ping');
      expect(xml2.headers.get('content-type')).toContain('application/xml');
      expect(await xml2.text()).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><subsonic-response xmlns="http:\/\/subsonic.org\/restapi" status="ok"/);
    });

    it('takes parameters from a form POST body (formPost)', async () => {
      const r = await h.t.app.request('/rest/getSong.view', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: query({ u: EMAIL, p: h.creds.password, f: 'json', id: String(harbourSongs[0]!.id) }),
      });
      const body = obj(((await r.json()) as Obj)['subsonic-response']);
      expect(body.status).toBe('ok');
      expect(obj(body.song).id).toBe(harbourSongs[0]!.id);
    });

    it('answers an unknown method with error 70 in the envelope, HTTP 200', async () => {
      const r = await api.raw('nonsense', { f: 'json' });
      expect(r.status).toBe(200);
      await failure('nonsense', {}, 70);
      await failure('getSong/extra', {}, 70);
      const put = await h.t.app.request(`/rest/ping?f=json`, { method: 'PUT' });
      expect(put.status).toBe(200);
      const preflight = await h.t.app.request('/rest/ping', { method: 'OPTIONS' });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('lists its OpenSubsonic extensions without credentials', async () => {
      const anon = client(h.t, {});
      const json = await anon.json('getOpenSubsonicExtensions');
      expectSchema('getOpenSubsonicExtensions', { 'subsonic-response': json });
      expect(json.openSubsonicExtensions).toEqual(EXTENSIONS.map((name) => ({ name, versions: [1] })));
      const { doc } = await anon.xml('getOpenSubsonicExtensions');
      const ext = many(obj(doc['subsonic-response']).openSubsonicExtensions as Obj[]);
      expect(ext.map((e) => e.name)).toEqual([...EXTENSIONS]);
      expect(ext[0]!.versions).toBe('1');
    });

    it('checks answers against the reference schemas strictly enough to catch a wrong one', () => {
      const base = { status: 'ok', version: '1.16.1', type: 'lyra', serverVersion: '1', openSubsonic: true };
      expect(() => expectSchema('getAlbum', { 'subsonic-response': base })).toThrow(/album/);
      expect(() => expectSchema('getSong', { 'subsonic-response': { ...base, song: { id: 's', isDir: false, title: 't', duration: 1.5 } } })).toThrow(/integer/);
      expect(() => expectSchema('getSong', { 'subsonic-response': { ...base, song: { id: 's', isDir: false, title: 't', duration: 1 } } })).not.toThrow();
    });

    it('answers getLicense, getMusicFolders and tokenInfo', async () => {
      expect((await both('getLicense')).json.license).toEqual({ valid: true });
      const folders = await both('getMusicFolders');
      expect(folders.json.musicFolders).toEqual({ musicFolder: [{ id: 1, name: 'Music' }] });
      expect(obj(obj(folders.xml.musicFolders).musicFolder)).toEqual({ id: '1', name: 'Music' });
      const keyed = client(h.t, { apiKey: h.creds.apiKey });
      const info = await keyed.json('tokenInfo');
      expectSchema('tokenInfo', { 'subsonic-response': info });
      expect(info.tokenInfo).toEqual({ username: EMAIL });
    });
  });

  describe('authentication', () => {
    const ping = (auth: Record<string, string>) => client(h.t, auth).json('ping');
    const hex = (s: string) => 'enc:' + Buffer.from(s, 'utf8').toString('hex');

    it('accepts the account password and the app password, plain or enc:', async () => {
      for (const p of [PASSWORD, hex(PASSWORD), h.creds.password, hex(h.creds.password)]) {
        expect((await ping({ u: EMAIL, p })).status, p).toBe('ok');
      }
      expect((await ping({ u: EMAIL.toUpperCase(), p: PASSWORD })).status).toBe('ok');
    });

    it('accepts a token made with the app password, not with the account password', async () => {
      expect((await ping(tokenParams(EMAIL, h.creds.password))).status).toBe('ok');
      expect((await ping(tokenParams(EMAIL, h.creds.password, 'another-salt'))).status).toBe('ok');
      const wrong = await ping(tokenParams(EMAIL, PASSWORD));
      expect(wrong.error?.code).toBe(40);
    });

    it('accepts an API key alone', async () => {
      expect((await ping({ apiKey: h.creds.apiKey })).status).toBe('ok');
    });

    it('refuses wrong, conflicting, incomplete and unknown credentials with their codes', async () => {
      await failure('ping', {}, 40, client(h.t, { u: EMAIL, p: 'not the password' }));
      await failure('ping', {}, 40, client(h.t, { u: 'nobody@example.org', p: PASSWORD }));
      await failure('ping', {}, 40, client(h.t, { u: EMAIL, p: 'enc:zz' }));
      await failure('ping', {}, 43, client(h.t, { apiKey: h.creds.apiKey, u: EMAIL }));
      await failure('ping', {}, 43, client(h.t, { apiKey: h.creds.apiKey, p: PASSWORD }));
      await failure('ping', {}, 43, client(h.t, { u: EMAIL, p: PASSWORD, ...tokenParams(EMAIL, PASSWORD) }));
      await failure('ping', {}, 44, client(h.t, { apiKey: 'lyra_not-a-key' }));
      await failure('ping', {}, 42, client(h.t, { u: EMAIL, t: 'abc' }));
      await failure('ping', {}, 10, client(h.t, { p: PASSWORD }));
      await failure('ping', {}, 10, client(h.t, { u: EMAIL }));
      await failure('ping', {}, 10, client(h.t, {}));
    });

    it('says token auth is not supported (41) for a user without an app password', async () => {
      await h.t.testDb.db.query(
        `insert into users (id, email, name, registration, accessed_at, created_at, updated_at)
         values ('u-other', 'other@example.org', 'Other', now(), now(), now(), now())`,
      );
      await failure('ping', {}, 41, client(h.t, tokenParams('other@example.org', 'whatever')));
    });

    it('stops counting guesses after ten failures for a user name', async () => {
      const guess = client(h.t, { u: 'guessed@example.org', p: 'nope' });
      for (let i = 0; i < 10; i++) expect((await guess.json('ping')).error?.message).toBe('Wrong username or password');
      expect((await guess.json('ping')).error?.message).toMatch(/Too many/);
    });
  });

  describe('browsing', () => {
    it('getIndexes and getArtists index the artists who have albums', async () => {
      const { json, xml } = await both('getIndexes');
      const names = list(obj(json.indexes).index).flatMap((i) => list(i.artist).map((a) => a.name));
      expect(names).toContain('Mira Solen');
      expect(many(obj(xml.indexes).index as Obj[]).length).toBe(list(obj(json.indexes).index).length);
      const artists = await both('getArtists');
      const index = list(obj(artists.json.artists).index);
      const m = index.find((i) => i.name === 'M')!;
      expect(list(m.artist).find((a) => a.id === mira.id)).toMatchObject({ name: 'Mira Solen', albumCount: 1 });
      expect(index.map((i) => i.name)).toEqual([...index.map((i) => String(i.name))].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b))));
    });

    it('getArtist lists the albums, getMusicDirectory too (as folders)', async () => {
      const { json, xml } = await both('getArtist', { id: String(mira.id) });
      const artist = obj(json.artist);
      expect(artist).toMatchObject({ id: mira.id, name: 'Mira Solen', albumCount: 1 });
      expect(list(artist.album).map((a) => a.name)).toEqual(['Harbour Lights']);
      expect(obj(obj(xml.artist).album).name).toBe('Harbour Lights');
      const dir = await both('getMusicDirectory', { id: String(mira.id) });
      expect(obj(dir.json.directory)).toMatchObject({ id: mira.id, name: 'Mira Solen' });
      expect(list(obj(dir.json.directory).child)).toEqual([expect.objectContaining({ id: harbour.id, isDir: true, title: 'Harbour Lights', parent: mira.id })]);
    });

    it('getAlbum gives the songs in disc and track order with their file facts', async () => {
      const { json, xml } = await both('getAlbum', { id: String(harbour.id) });
      const album = obj(json.album);
      expect(album).toMatchObject({ name: 'Harbour Lights', artist: 'Mira Solen', artistId: mira.id, songCount: 3, year: 2021 });
      const songs = list(album.song);
      expect(songs.map((s) => s.title)).toEqual(['Paper Lanterns', 'Harbour Lights', 'Paper Lanterns (Reprise)']);
      expect(songs.map((s) => s.discNumber)).toEqual([1, 1, 2]);
      expect(songs[0]).toMatchObject({
        parent: harbour.id,
        albumId: harbour.id,
        album: 'Harbour Lights',
        artistId: mira.id,
        isDir: false,
        type: 'music',
        track: 1,
        suffix: 'mp3',
        contentType: 'audio/mpeg',
        path: FIXTURE.paperLanterns,
        genre: 'Ambient',
        year: 2021,
      });
      const first = songs[0]!;
      expect(Number.isInteger(first.duration) && Number(first.duration) >= 7).toBe(true);
      expect(first.size).toBe((await readFile(join(h.t.config.MUSIC_DIR, FIXTURE.paperLanterns))).length);
      expect(typeof first.coverArt).toBe('string');
      expect(typeof first.bitRate).toBe('number');
      expect(Date.parse(String(first.created))).not.toBeNaN();
      expect(songs[2]).toMatchObject({ suffix: 'flac', contentType: 'audio/flac' });
      const xmlSongs = many(obj(xml.album).song as Obj[]);
      expect(xmlSongs.map((s) => s.id)).toEqual(songs.map((s) => s.id));
      expect(xmlSongs[0]).toMatchObject({ isDir: 'false', track: '1', title: 'Paper Lanterns' });
    });

    it('getSong and getMusicDirectory of an album give the same songs; starred shows the favourite', async () => {
      const id = String(harbourSongs[1]!.id);
      const song = await both('getSong', { id });
      expect(obj(song.json.song)).toEqual(harbourSongs[1]);
      expect(obj(song.json.song).starred).toBeUndefined();
      await h.t.testDb.db.query(
        `insert into doc_favorite ("$id", "$createdAt", "$updatedAt", "$permissions", "userId", "songId")
         values ('fav1', '2024-05-06T07:08:09Z', now(), '{}', $1, $2)`,
        [h.userId, id],
      );
      expect(obj((await api.json('getSong', { id })).song).starred).toBe('2024-05-06T07:08:09.000Z');
      const dir = await both('getMusicDirectory', { id: String(harbour.id) });
      expect(obj(dir.json.directory)).toMatchObject({ id: harbour.id, name: 'Harbour Lights', parent: mira.id });
      expect(list(obj(dir.json.directory).child).map((s) => s.id)).toEqual(harbourSongs.map((s) => s.id));
      const starred = await api.json('getAlbumList2', { type: 'starred' });
      expect(list(obj(starred.albumList2).album).map((a) => a.id)).toEqual([harbour.id]);
    });

    it('getGenres counts songs and albums per genre', async () => {
      const { json, xml } = await both('getGenres');
      const genres = list(obj(json.genres).genre);
      expect(genres.find((g) => g.value === 'Synthwave')).toEqual({ value: 'Synthwave', songCount: 2, albumCount: 1 });
      expect(many(obj(xml.genres).genre as Obj[]).find((g) => g.value === 'Synthwave')).toEqual({ value: 'Synthwave', songCount: '2', albumCount: '1' });
    });

    it('says which parameter is missing (10) and which id is unknown (70)', async () => {
      for (const method of ['getArtist', 'getAlbum', 'getSong', 'getMusicDirectory', 'stream', 'download', 'getCoverArt']) {
        await failure(method, {}, 10);
        await failure(method, { id: '9999999999' }, 70);
      }
      await failure('getSong', { id: '../../etc/passwd' }, 70);
      await failure('getAlbumList2', {}, 10);
      await failure('getAlbumList2', { type: 'byYear', fromYear: '2000' }, 10);
      await failure('getAlbumList2', { type: 'sideways' }, 0);
      await failure('getAlbumList2', { type: 'newest', size: 'ten' }, 0);
    });
  });

  describe('lists and search', () => {
    const albumNames = async (params: Record<string, string>) => {
      const { json, xml } = await both('getAlbumList2', params);
      const names = list(obj(json.albumList2).album).map((a) => String(a.name));
      expect(many(obj(xml.albumList2).album as Obj[]).map((a) => a.name).sort()).toEqual([...names].sort());
      return names;
    };

    it('getAlbumList2 sorts, filters and pages', async () => {
      const all = await albumNames({ type: 'alphabeticalByName', size: '500' });
      expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(all).toEqual(expect.arrayContaining(['Harbour Lights', 'Night Drive']));
      expect(await albumNames({ type: 'alphabeticalByName', size: '2', offset: '1' })).toEqual(all.slice(1, 3));
      for (const type of ['random', 'newest', 'frequent', 'recent', 'alphabeticalByArtist']) {
        expect((await albumNames({ type, size: '500' })).sort(), type).toEqual([...all].sort());
      }
      expect(await albumNames({ type: 'byYear', fromYear: '2019', toYear: '2019' })).toEqual(['Night Drive']);
      expect(await albumNames({ type: 'byYear', fromYear: '2022', toYear: '2018' })).toEqual(['Harbour Lights', 'Night Drive']);
      expect(await albumNames({ type: 'byGenre', genre: 'synthwave' })).toEqual(['Night Drive']);
      expect(await albumNames({ type: 'newest', size: '0' })).toEqual([]);
      // highest: the caller's rated albums only (none yet).
      expect(await albumNames({ type: 'highest', size: '500' })).toEqual([]);
    });

    it('getRandomSongs gives distinct songs, filtered by genre and year', async () => {
      const { json } = await both('getRandomSongs', { size: '5' });
      const songs = list(obj(json.randomSongs).song);
      expect(songs).toHaveLength(5);
      expect(new Set(songs.map((s) => s.id)).size).toBe(5);
      const synth = list(obj((await both('getRandomSongs', { size: '50', genre: 'Synthwave' })).json.randomSongs).song);
      expect(synth.map((s) => s.title).sort()).toEqual(['Echo', 'Echo']);
      const old = list(obj((await both('getRandomSongs', { size: '50', fromYear: '2020', toYear: '2030' })).json.randomSongs).song);
      expect(old.every((s) => Number(s.year) >= 2020)).toBe(true);
    });

    it('search3 finds artists, albums and songs by every word', async () => {
      const { json, xml } = await both('search3', { query: 'harbour' });
      const r = obj(json.searchResult3);
      expect(list(r.album).map((a) => a.name)).toEqual(['Harbour Lights']);
      expect(list(r.song).map((s) => s.title)).toContain('Harbour Lights');
      expect(many(obj(xml.searchResult3).album as Obj[]).map((a) => a.name)).toEqual(['Harbour Lights']);
      const artists = obj((await both('search3', { query: 'mira', albumCount: '0', songCount: '0' })).json.searchResult3);
      expect(list(artists.artist).map((a) => a.name)).toEqual(['Mira Solen']);
      expect(artists.album ?? []).toEqual([]);
    });

    it('search3 with an empty query pages through the whole library', async () => {
      const seen: string[] = [];
      for (let offset = 0; ; offset += 5) {
        const page = obj((await both('search3', { query: '', songCount: '5', songOffset: String(offset), artistCount: '0', albumCount: '0' })).json.searchResult3);
        const songs = list(page.song ?? []);
        seen.push(...songs.map((s) => String(s.id)));
        if (songs.length < 5) break;
      }
      expect(seen).toHaveLength(FIXTURE_GOOD_AUDIO.length);
      expect(new Set(seen).size).toBe(seen.length);
      const quoted = obj((await api.json('search3', { query: '""', songCount: '500' })).searchResult3);
      expect(list(quoted.song).length).toBe(FIXTURE_GOOD_AUDIO.length);
      expect(list(quoted.album).length).toBeGreaterThanOrEqual(2);
      expect(list(quoted.artist).map((a) => a.name)).toContain('Mira Solen');
    });
  });

  describe('media', () => {
    const probe = async (bytes: Buffer, name: string) => {
      const file = join(tmp, name);
      await writeFile(file, bytes);
      const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:format=duration', '-of', 'json', file]);
      return JSON.parse(stdout) as { streams: { codec_name: string }[]; format: { duration: string } };
    };
    const errorOf = async (r: Response) => obj(((await r.json()) as Obj)['subsonic-response']).error;

    it('stream sends AAC audio at the tier maxBitRate allows, from timeOffset', async () => {
      const id = String(harbourSongs[2]!.id);
      const full = await api.raw('stream', { id });
      expect(full.status).toBe(200);
      expect(full.headers.get('x-audio-bitrate')).toBe('320');
      const whole = await probe(Buffer.from(await full.arrayBuffer()), 'full.mp4');
      expect(whole.streams[0]!.codec_name).toBe('aac');
      expect(Number(whole.format.duration)).toBeGreaterThan(7);
      const low = await api.raw('stream', { id, maxBitRate: '64' });
      expect(low.headers.get('x-audio-bitrate')).toBe('48');
      expect((await probe(Buffer.from(await low.arrayBuffer()), 'low.mp4')).streams[0]!.codec_name).toBe('aac');
      const later = await api.raw('stream', { id, maxBitRate: '96', timeOffset: '3' });
      expect(later.status).toBe(200);
      expect((await probe(Buffer.from(await later.arrayBuffer()), 'later.mp4')).streams[0]!.codec_name).toBe('aac');
      expect(await errorOf(await api.raw('stream', { id, timeOffset: '-4', f: 'json' }))).toMatchObject({ code: 0 });
    });

    it('stream format=raw and download send the original file, with Range', async () => {
      const original = await readFile(join(h.t.config.MUSIC_DIR, FIXTURE.paperLanterns));
      const id = String(harbourSongs[0]!.id);
      const dl = await api.raw('download', { id });
      expect(dl.status).toBe(200);
      expect(dl.headers.get('content-type')).toBe('audio/mpeg');
      expect(dl.headers.get('content-disposition')).toContain('attachment');
      expect(Buffer.from(await dl.arrayBuffer()).equals(original)).toBe(true);
      const part = await api.raw('download', { id }, { headers: { range: 'bytes=10-19' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 10-19/${original.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(10, 20))).toBe(true);
      const raw = await api.raw('stream', { id, format: 'raw' });
      expect(Buffer.from(await raw.arrayBuffer()).equals(original)).toBe(true);
      expect((await probe(original, 'orig.mp3')).streams[0]!.codec_name).toBe('mp3');
    });

    it('getCoverArt sends the nearest served size of the cover it named, as an image', async () => {
      const cover = String(harbourSongs[0]!.coverArt);
      for (const [size, px] of [['100', 150], ['40', 50], ['', 500], ['1200', 500]] as const) {
        const r = await api.raw('getCoverArt', { id: cover, ...(size ? { size } : {}) });
        expect(r.status, size).toBe(200);
        expect(r.headers.get('content-type')).toBe('image/jpeg');
        const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
        expect([meta.width, meta.height]).toEqual([px, px]);
      }
      const byAlbum = await api.raw('getCoverArt', { id: String(harbour.id), size: '50' });
      expect((await sharp(Buffer.from(await byAlbum.arrayBuffer())).metadata()).width).toBe(50);
      expect(await errorOf(await api.raw('getCoverArt', { id: '0123456789abcdef0123456789abcdef', f: 'json' }))).toMatchObject({ code: 70 });
    });

    it('streams through the real HTTP server too (HEAD and GET)', async () => {
      const server = h.t.app.createServer().listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
      try {
        const { port } = server.address() as AddressInfo;
        const url = `http://127.0.0.1:${port}/rest/stream.view?${query({ u: EMAIL, p: h.creds.password, id: String(harbourSongs[1]!.id), maxBitRate: '128' })}`;
        const r = await fetch(url);
        expect(r.status).toBe(200);
        expect(r.headers.get('x-audio-bitrate')).toBe('96');
        expect((await probe(Buffer.from(await r.arrayBuffer()), 'http.mp4')).streams[0]!.codec_name).toBe('aac');
        const head = await fetch(url, { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(head.headers.get('content-type')).toContain('audio/mp4');
      } finally {
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
      }
    });

    it('binary methods still check credentials', async () => {
      const anon = client(h.t, { u: EMAIL, p: 'wrong' });
      const r = await anon.raw('stream', { id: String(harbourSongs[0]!.id), f: 'json' });
      expect(r.status).toBe(200);
      expect(await errorOf(r)).toMatchObject({ code: 40 });
    });
  });
});
