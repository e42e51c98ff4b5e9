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
 * an API key, browsing, search, audio, covers, favourites and playlists.
 */
describe.each(ENGINES)('the subsonic-api client against the server (%s)', (engine) => {
  let h: Harness & { t: TestServer };
  let tokens: SubsonicAPI;
  let keyed: SubsonicAPI;
  let web: SdkClient;
  let tmp: string;

  beforeAll(async () => {
    h = await startServerHarness(engine);
    tmp = await mkdtemp(join(tmpdir(), 'lyra-subsonic-client-'));
    tokens = new SubsonicAPI({ url: h.t.baseUrl, auth: { username: EMAIL, password: h.creds.password } });
    keyed = new SubsonicAPI({ url: h.t.baseUrl, auth: { apiKey: h.creds.apiKey }, post: true });
    web = createSdkClient(h.t.baseUrl);
    await web.account.createEmailPasswordSession({ email: EMAIL, password: PASSWORD });
  });
  afterAll(async () => {
    await h?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  /** A call's answer, checked against the OpenSubsonic reference's schema for `method`. */
  const valid = async <T extends { status: string }>(method: string, answer: Promise<T>): Promise<T> => {
    const body = await answer;
    expect(body.status, `${method} ${JSON.stringify(body)}`).toBe('ok');
    expectSchema(method, { 'subsonic-response': body });
    return body;
  };

  /** The first song of Harbour Lights, found by browsing. */
  const firstSong = async (api: SubsonicAPI) => {
    const { artists } = await api.getArtists();
    const mira = artists.index!.flatMap((i) => i.artist ?? []).find((a) => a.name === 'Mira Solen')!;
    const { artist } = await api.getArtist({ id: mira.id });
    const { album } = await api.getAlbum({ id: artist.album![0]!.id });
    return album.song![0]!;
  };

  it('signs in with a token (app password) and with an API key (form POST)', async () => {
    const pinged = await tokens.ping();
    expect(pinged.status).toBe('ok');
    expect((await keyed.ping()).status).toBe('ok');
    const info = await keyed.customJSON<{ tokenInfo: { username: string } }>('tokenInfo', {});
    expect(info.tokenInfo.username).toBe(EMAIL);
    const { openSubsonicExtensions } = await tokens.getOpenSubsonicExtensions();
    expect(openSubsonicExtensions.map((e) => e.name)).toEqual(expect.arrayContaining(['apiKeyAuthentication', 'formPost', 'songLyrics']));
    const wrong = new SubsonicAPI({ url: h.t.baseUrl, auth: { username: EMAIL, password: 'not it' } });
    expect(await wrong.ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
  });

  it('browses and searches', async () => {
    const song = await firstSong(tokens);
    expect(song).toMatchObject({ title: 'Paper Lanterns', album: 'Harbour Lights' });
    const found = await keyed.search3({ query: 'harbour' });
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
    expect((await tokens.star({ id: song.id })).status).toBe('ok');
    const favs = await web.databases.listDocuments('lyra', 'Favorite', [Query.equal('userId', h.userId)]);
    expect(favs.documents.map((d) => d.songId)).toEqual([song.id]);
    const { starred2 } = await keyed.getStarred2();
    expect(starred2.song?.map((s) => s.id)).toEqual([song.id]);
    await keyed.unstar({ id: song.id });
    expect((await web.databases.listDocuments('lyra', 'Favorite', [Query.equal('userId', h.userId)])).documents).toEqual([]);
  });

  it('creates a playlist both the app and the web app see', async () => {
    const song = await firstSong(tokens);
    const { playlist } = await tokens.createPlaylist({ name: 'From the phone', songId: [song.id] });
    expect(playlist).toMatchObject({ name: 'From the phone', songCount: 1 });
    const onWeb = await web.databases.listDocuments('lyra', 'Playlist', [Query.equal('userId', h.userId)]);
    expect(onWeb.documents.map((d) => d.name)).toEqual(['From the phone']);
    const links = await web.databases.listDocuments('lyra', 'PlaylistSong', [Query.equal('playlistId', playlist.id)]);
    expect(links.documents.map((d) => d.songId)).toEqual([song.id]);
    const { playlists } = await keyed.getPlaylists();
    expect(playlists.playlist?.map((p) => p.name)).toEqual(['From the phone']);
    await keyed.updatePlaylist({ playlistId: playlist.id, songIndexToRemove: [0] });
    expect((await tokens.getPlaylist({ id: playlist.id })).playlist.songCount).toBe(0);
    await tokens.deletePlaylist({ id: playlist.id });
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

  it("reads an artist's info: images and similar artists", async () => {
    const { artists } = await valid('getArtists', tokens.getArtists());
    const mira = artists.index!.flatMap((i) => i.artist ?? []).find((a) => a.name === 'Mira Solen')!;
    const { artistInfo2 } = await valid('getArtistInfo2', keyed.getArtistInfo2({ id: mira.id, count: 5 }));
    expect(artistInfo2.largeImageUrl).toMatch(new RegExp(`^${h.t.baseUrl}/images/`));
    expect(artistInfo2.biography).toBeUndefined();
  });
});
