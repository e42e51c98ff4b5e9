import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Query } from 'appwrite';
import sharp from 'sharp';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSdkClient, type SdkClient } from '../backend/test/sdk.js';
import type { TestServer } from '../backend/test/server.js';
import { ENGINES } from '../test/db.js';
import { EMAIL, PASSWORD, startServerHarness, type Harness } from './test/harness.js';
import { expectSchema } from './test/openapi.js';

const run = promisify(execFile);

/**
 * A maintained Subsonic client library (subsonic-api on npm) driving the
 * server over HTTP, as a native app would: token auth with the app password,
 * an API key, browsing, search, audio, covers, favourites, playlists, bookmarks,
 * the scan, internet radio, shares, users and artist info; every answer checked
 * against the OpenSubsonic reference's schema.
 */
describe.each(ENGINES)('the subsonic-api client against the server (%s)', (engine) => {
  let h: Harness & { t: TestServer };
  let tokens: SubsonicAPI;
  let keyed: SubsonicAPI;
  let web: SdkClient;
  let tmp: string;

  /** The JSON of the latest answer, as sent (the library turns dates into Date objects). */
  let lastJson: unknown = null;
  const recording: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (res.headers.get('content-type')?.includes('json')) lastJson = await res.clone().json();
    return res;
  };

  beforeAll(async () => {
    h = await startServerHarness(engine);
    tmp = await mkdtemp(join(tmpdir(), 'lyra-subsonic-client-'));
    tokens = new SubsonicAPI({ url: h.t.baseUrl, auth: { username: EMAIL, password: h.creds.password }, fetch: recording });
    keyed = new SubsonicAPI({ url: h.t.baseUrl, auth: { apiKey: h.creds.apiKey }, post: true, fetch: recording });
    web = createSdkClient(h.t.baseUrl);
    await web.account.createEmailPasswordSession({ email: EMAIL, password: PASSWORD });
  });
  afterAll(async () => {
    await h?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  /** A call's answer, its JSON as sent checked against the OpenSubsonic reference's schema for `method`. */
  const valid = async <T extends { status: string }>(method: string, answer: Promise<T>): Promise<T> => {
    lastJson = null;
    const body = await answer;
    expect(body.status, `${method} ${JSON.stringify(body)}`).toBe('ok');
    expect(lastJson, method).not.toBeNull();
    expectSchema(method, lastJson);
    return body;
  };

  /** The first song of Harbour Lights, found by browsing. */
  const firstSong = async (api: SubsonicAPI) => {
    const { artists } = await valid('getArtists', api.getArtists());
    const mira = artists.index!.flatMap((i) => i.artist ?? []).find((a) => a.name === 'Mira Solen')!;
    const { artist } = await valid('getArtist', api.getArtist({ id: mira.id }));
    const { album } = await valid('getAlbum', api.getAlbum({ id: artist.album![0]!.id }));
    return album.song![0]!;
  };

  it('signs in with a token (app password) and with an API key (form POST)', async () => {
    await valid('ping', tokens.ping());
    await valid('ping', keyed.ping());
    const info = await valid('tokenInfo', keyed.customJSON<{ status: string; tokenInfo: { username: string } }>('tokenInfo', {}));
    expect(info.tokenInfo.username).toBe(EMAIL);
    const { openSubsonicExtensions } = await valid('getOpenSubsonicExtensions', tokens.getOpenSubsonicExtensions());
    expect(openSubsonicExtensions.map((e) => e.name)).toEqual(expect.arrayContaining(['apiKeyAuthentication', 'formPost', 'songLyrics']));
    const wrong = new SubsonicAPI({ url: h.t.baseUrl, auth: { username: EMAIL, password: 'not it' } });
    expect(await wrong.ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
  });

  it('browses and searches', async () => {
    const song = await firstSong(tokens);
    expect(song).toMatchObject({ title: 'Paper Lanterns', album: 'Harbour Lights' });
    const found = await valid('search3', keyed.search3({ query: 'harbour' }));
    expect(found.searchResult3.album?.map((a) => a.name)).toEqual(['Harbour Lights']);
  });

  it('streams a song ffprobe decodes and a cover sharp decodes', async () => {
    const song = await firstSong(tokens);
    const audio = await tokens.stream({ id: song.id, maxBitRate: 96 });
    expect(audio.status).toBe(200);
    const file = join(tmp, 'song.mp4');
    await writeFile(file, Buffer.from(await audio.arrayBuffer()));
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'json', file]);
    expect((JSON.parse(stdout) as { streams: { codec_name: string }[] }).streams[0]!.codec_name).toBe('aac');
    const cover = await keyed.getCoverArt({ id: song.coverArt!, size: 150 });
    expect(cover.status).toBe(200);
    const meta = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([150, 150]);
  });

  it('stars a song the web app then sees as a favourite', async () => {
    const song = await firstSong(tokens);
    await valid('star', tokens.star({ id: song.id }));
    const favs = await web.databases.listDocuments('lyra', 'Favorite', [Query.equal('userId', h.userId)]);
    expect(favs.documents.map((d) => d.songId)).toEqual([song.id]);
    const { starred2 } = await valid('getStarred2', keyed.getStarred2());
    expect(starred2.song?.map((s) => s.id)).toEqual([song.id]);
    await valid('unstar', keyed.unstar({ id: song.id }));
    expect((await web.databases.listDocuments('lyra', 'Favorite', [Query.equal('userId', h.userId)])).documents).toEqual([]);
  });

  it('creates a playlist both the app and the web app see', async () => {
    const song = await firstSong(tokens);
    const { playlist } = await valid('createPlaylist', tokens.createPlaylist({ name: 'From the phone', songId: [song.id] }));
    expect(playlist).toMatchObject({ name: 'From the phone', songCount: 1 });
    const onWeb = await web.databases.listDocuments('lyra', 'Playlist', [Query.equal('userId', h.userId)]);
    expect(onWeb.documents.map((d) => d.name)).toEqual(['From the phone']);
    const links = await web.databases.listDocuments('lyra', 'PlaylistSong', [Query.equal('playlistId', playlist.id)]);
    expect(links.documents.map((d) => d.songId)).toEqual([song.id]);
    const { playlists } = await valid('getPlaylists', keyed.getPlaylists());
    expect(playlists.playlist?.map((p) => p.name)).toEqual(['From the phone']);
    await valid('updatePlaylist', keyed.updatePlaylist({ playlistId: playlist.id, songIndexToRemove: [0] }));
    expect((await valid('getPlaylist', tokens.getPlaylist({ id: playlist.id }))).playlist.songCount).toBe(0);
    await valid('deletePlaylist', tokens.deletePlaylist({ id: playlist.id }));
    expect((await web.databases.listDocuments('lyra', 'Playlist', [Query.equal('userId', h.userId)])).documents).toEqual([]);
  });

  it('keeps a bookmark in a song and says how many songs the scan found', async () => {
    const song = await firstSong(tokens);
    await valid('createBookmark', tokens.createBookmark({ id: song.id, position: 61_000, comment: 'Chapter 2' }));
    const { bookmarks } = await valid('getBookmarks', keyed.getBookmarks());
    expect(bookmarks.bookmark?.map((b) => [b.entry.id, b.position, b.comment, b.username])).toEqual([[song.id, 61_000, 'Chapter 2', EMAIL]]);
    await valid('deleteBookmark', keyed.deleteBookmark({ id: song.id }));
    expect((await valid('getBookmarks', tokens.getBookmarks())).bookmarks.bookmark ?? []).toEqual([]);
    const songs = await h.t.testDb.db.query<{ n: number }>('select count(*)::int as n from tracks');
    const { scanStatus } = await valid('getScanStatus', tokens.getScanStatus());
    expect(scanStatus).toEqual({ scanning: false, count: songs[0]!.n });
  });

  it("manages the server's internet radio stations as an administrator", async () => {
    await h.t.testDb.db.query(`update users set labels = array['admin'] where id = $1`, [h.userId]);
    await valid('createInternetRadioStation', tokens.createInternetRadioStation({ name: 'Night Shift FM', streamUrl: 'http://radio.example.org:8000/live.mp3', homepageUrl: 'https://radio.example.org/' }));
    await valid('createInternetRadioStation', keyed.createInternetRadioStation({ name: 'Coastline Radio', streamUrl: 'https://stream.example.com/aac' }));
    const listed = (await valid('getInternetRadioStations', tokens.getInternetRadioStations())).internetRadioStations.internetRadioStation ?? [];
    expect(listed.map((s) => [s.name, s.streamUrl, s.homePageUrl])).toEqual([
      ['Coastline Radio', 'https://stream.example.com/aac', undefined],
      ['Night Shift FM', 'http://radio.example.org:8000/live.mp3', 'https://radio.example.org/'],
    ]);
    const [coast, night] = listed;
    await valid('updateInternetRadioStation', keyed.updateInternetRadioStation({ id: night!.id, name: 'After Hours', streamUrl: 'https://radio.example.org/night.ogg' }));
    await valid('deleteInternetRadioStation', tokens.deleteInternetRadioStation({ id: coast!.id }));
    const left = (await valid('getInternetRadioStations', keyed.getInternetRadioStations())).internetRadioStations.internetRadioStation ?? [];
    expect(left.map((s) => [s.id, s.name, s.streamUrl])).toEqual([[night!.id, 'After Hours', 'https://radio.example.org/night.ogg']]);
    await valid('deleteInternetRadioStation', keyed.deleteInternetRadioStation({ id: night!.id }));
    expect(await tokens.deleteInternetRadioStation({ id: night!.id })).toMatchObject({ status: 'failed', error: { code: 70 } });
  });

  it('lists albums as folders and ID3 albums, with the fields apps read, and the index of album artists', async () => {
    const { albumList } = await valid('getAlbumList', tokens.getAlbumList({ type: 'alphabeticalByName', size: 50 }));
    const { albumList2 } = await valid('getAlbumList2', keyed.getAlbumList2({ type: 'alphabeticalByName', size: 50 }));
    const harbour = albumList2.album!.find((a) => a.name === 'Harbour Lights')!;
    expect(harbour).toMatchObject({ songCount: 3, isCompilation: false, releaseTypes: [], musicBrainzId: '', genres: expect.any(Array) });
    expect(albumList.album!.find((a) => a.id === harbour.id)).toMatchObject({ isDir: true, name: 'Harbour Lights', title: 'Harbour Lights', songCount: 3 });
    const { indexes } = await valid('getIndexes', tokens.getIndexes());
    const names = indexes.index!.flatMap((i) => i.artist ?? []).map((a) => a.name);
    expect(names).toContain('Mira Solen');
    expect(new Set(names).size).toBe(names.length);
    for (const a of indexes.index!.flatMap((i) => i.artist ?? [])) expect((a as { coverArt?: string }).coverArt, a.name).toMatch(/\S/);
    const song = await firstSong(tokens);
    const { song: full } = await valid('getSong', keyed.getSong({ id: song.id }));
    for (const field of ['bitDepth', 'samplingRate', 'channelCount', 'bpm', 'comment', 'musicBrainzId', 'isrc', 'albumArtists', 'displayAlbumArtist', 'artists', 'displayArtist', 'contributors', 'moods', 'explicitStatus']) {
      expect(full, field).toHaveProperty(field);
    }
  });

  it('shares a song and an album, lists, changes and removes the shares', async () => {
    const song = await firstSong(tokens);
    const made = (await valid('createShare', tokens.createShare({ id: song.id, description: 'For the ferry' }))).shares.share!;
    expect(made.map((s) => [s.description, s.entry?.map((e) => e.id)])).toEqual([['For the ferry', [song.id]]]);
    expect(made[0]!.url).toBe(`${h.t.baseUrl}/share/${made[0]!.id}`);
    const album = (await valid('createShare', keyed.createShare({ id: song.albumId! }))).shares.share![0]!;
    expect(album.entry?.length).toBe(3);
    expect((await valid('getShares', tokens.getShares())).shares.share?.map((s) => s.id)).toEqual([made[0]!.id, album.id]);
    await valid('updateShare', keyed.updateShare({ id: made[0]!.id, description: 'Changed' }));
    expect((await valid('getShares', keyed.getShares())).shares.share?.[0]?.description).toBe('Changed');
    await valid('deleteShare', tokens.deleteShare({ id: made[0]!.id }));
    await valid('deleteShare', keyed.deleteShare({ id: album.id }));
    expect((await valid('getShares', tokens.getShares())).shares.share ?? []).toEqual([]);
  });

  it('manages users and starts a scan as an administrator; another account is refused (50)', async () => {
    await h.t.testDb.db.query(`update users set labels = array['admin'] where id = $1`, [h.userId]);
    expect((await valid('getUser', tokens.getUser({ username: EMAIL }))).user).toMatchObject({ username: EMAIL, adminRole: true });
    const email = `client-${engine}@example.org`;
    await valid('createUser', keyed.createUser({ username: 'Client Listener', email, password: 'a first password' }));
    expect((await valid('getUsers', tokens.getUsers())).users.user?.map((u) => u.username)).toEqual(expect.arrayContaining([EMAIL, email]));
    await valid('updateUser', tokens.updateUser({ username: email, email, password: 'a second password' }));
    // The new account signs in with its password as it is (it has no app password yet) and may not start a scan.
    const asNew = await fetch(`${h.t.baseUrl}/rest/startScan?${new URLSearchParams({ u: email, p: 'a second password', v: '1.16.1', c: 'test', f: 'json' })}`);
    expect(((await asNew.json()) as { 'subsonic-response': { error?: { code: number } } })['subsonic-response'].error?.code).toBe(50);
    await valid('deleteUser', keyed.deleteUser({ username: email }));
    expect((await valid('getUsers', keyed.getUsers())).users.user?.map((u) => u.username)).not.toContain(email);
    expect((await valid('startScan', tokens.startScan())).scanStatus.scanning).toBe(true);
    await expect.poll(async () => (await valid('getScanStatus', keyed.getScanStatus())).scanStatus.scanning, { timeout: 60_000 }).toBe(false);
  });

  it('says podcasts are not supported, in the error element', async () => {
    const answer = (await tokens.getPodcasts()) as unknown as { status: string; error?: { code: number; message: string } };
    expect(answer).toMatchObject({ status: 'failed', error: { code: 0, message: 'Podcasts are not supported by this server' } });
    expectSchema('ping', lastJson);
  });

  it("reads an artist's info: images and similar artists", async () => {
    const { artists } = await valid('getArtists', tokens.getArtists());
    const mira = artists.index!.flatMap((i) => i.artist ?? []).find((a) => a.name === 'Mira Solen')!;
    const { artistInfo2 } = await valid('getArtistInfo2', keyed.getArtistInfo2({ id: mira.id, count: 5 }));
    expect(artistInfo2.largeImageUrl).toMatch(new RegExp(`^${h.t.baseUrl}/images/`));
    expect(artistInfo2.biography).toBeUndefined();
  });
});
