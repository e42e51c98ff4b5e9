import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUM_SORTS, ARTIST_SORTS, SONG_SORTS } from '@lyra/contracts/catalogue-library';
import { createTestApp, type TestApp } from './app.js';
import { ENGINES } from './db.js';
import { subsonicApiKey } from '../subsonic/test/api-keys.js';
import { buildFixtureLibrary } from '../catalogue/test/fixtures.js';

/**
 * Several libraries with per-user access (MUSIC_DIRS, /v1/admin/libraries): a listener granted one library
 * never meets an id of the other, whatever they ask (every catalogue list, search, Home row and page, every
 * media address, every Subsonic call, with or without musicFolderId); an administrator sees both; and until
 * an administrator restricts a library, every listener and anonymous visitor sees everything, as before.
 */
const PASSWORD = 'password123';

interface Ids {
  songs: string[];
  albums: string[];
  artists: string[];
  covers: string[];
}

describe.each(ENGINES)('per-library access on %s', (engine) => {
  let fixtures: string;
  let t: TestApp;
  let admin: string;
  let listener: string;
  let listenerId: string;
  /** Ids of the Game Scores library only (the listener may not see it) and of Music (they may). */
  let scores: Ids;
  let music: Ids;

  const req = (path: string, cookie?: string, init: RequestInit = {}) =>
    t.app.request(path, { ...init, headers: { 'x-appwrite-project': 'lyra', 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...init.headers } });
  const json = async (path: string, cookie?: string, init: RequestInit = {}) => {
    const res = await req(path, cookie, init);
    return { status: res.status, text: await res.text() };
  };
  const signUp = async (email: string) => {
    const made = await req('/v1/account', undefined, { method: 'POST', body: JSON.stringify({ userId: 'unique()', email, password: PASSWORD, name: email }) });
    expect(made.status).toBe(201);
    const { $id } = (await made.json()) as { $id: string };
    const session = await req('/v1/account/sessions/email', undefined, { method: 'POST', body: JSON.stringify({ email, password: PASSWORD }) });
    expect(session.status).toBe(201);
    const cookie = session.headers.getSetCookie().find((c) => c.startsWith('a_session_lyra='))!.split(';')[0]!;
    return { id: $id, cookie };
  };
  const idsOf = async (libraryId: string): Promise<Ids> => {
    const q = async (sql: string) => (await t.testDb.db.query<{ id: string }>(sql, [libraryId])).map((r) => r.id);
    return {
      songs: await q('select id from tracks where library_id = $1'),
      // Albums, artists and covers found in this library and no other.
      albums: await q('select al.id from albums al where not exists (select 1 from tracks s where s.album_id = al.id and s.library_id <> $1)'),
      artists: await q(`select a.id from artists a where exists (select 1 from track_artists ta join tracks s on s.id = ta.track_id where ta.artist_id = a.id and s.library_id = $1)
                          and not exists (select 1 from track_artists ta join tracks s on s.id = ta.track_id where ta.artist_id = a.id and s.library_id <> $1)`),
      covers: await q(`select distinct coalesce(s.cover_id, al.cover_id) as id from tracks s left join albums al on al.id = s.album_id
                        where s.library_id = $1 and coalesce(s.cover_id, al.cover_id) is not null
                          and coalesce(s.cover_id, al.cover_id) not in (select coalesce(o.cover_id, '') from tracks o where o.library_id <> $1)`),
    };
  };
  const leaked = (text: string, ids: Ids) => [...ids.songs, ...ids.albums, ...ids.artists, ...ids.covers].filter((id) => text.includes(id));

  /** Every catalogue route family, with arguments that would name the other library's things. */
  const catalogueCalls = (): string[] => {
    const s = scores;
    const m = music;
    return [
      '/api/home/rows',
      '/api/search?query=a',
      '/api/search?query=victory',
      ...['songs', 'albums', 'artists', 'playlists'].flatMap((kind) => [`/api/search/${kind}?query=victory`, `/api/search/${kind}?query=e`]),
      `/api/songs?ids=${[...s.songs, ...m.songs].join(',')}`,
      ...s.songs.slice(0, 2).flatMap((id) => [`/api/songs/${id}`, `/api/songs/${id}/lyrics`, `/api/songs/${id}/suggestions`]),
      `/api/songs/${m.songs[0]}/suggestions?limit=50`,
      ...s.albums.map((id) => `/api/albums?id=${id}`),
      ...s.artists.flatMap((id) => [`/api/artists/${id}`, `/api/artists/${id}/songs`, `/api/artists/${id}/albums`]),
      ...m.artists.slice(0, 1).flatMap((id) => [`/api/artists/${id}`, `/api/artists/${id}/songs`, `/api/artists/${id}/albums`]),
      ...ALBUM_SORTS.map((sort) => `/api/library/albums?sort=${sort}&limit=100`),
      ...ARTIST_SORTS.map((sort) => `/api/library/artists?sort=${sort}&limit=100`),
      ...SONG_SORTS.map((sort) => `/api/library/songs?sort=${sort}&limit=100`),
      '/api/library/albums?q=e&limit=100',
      '/api/library/artists?q=e&limit=100',
      '/api/library/genres',
      '/api/library/genres/Soundtrack/albums',
      '/api/library/genres/Unknown/albums',
      ...s.songs.map((id) => `/download/${id}`),
    ];
  };
  const mediaCalls = () => [
    ...scores.songs.flatMap((id) => [`/media/${id}/96.mp4`, `/media/${id}/320.mp4`, `/videos/${id}/preview.mp4`]),
    ...scores.covers.map((id) => `/images/${id}/150.jpg`),
  ];
  const apiKeys: Record<'listener' | 'admin', string> = { listener: '', admin: '' };
  const subsonic = (method: string, who: 'listener' | 'admin', params: Record<string, string> = {}) =>
    json(`/rest/${method}?${new URLSearchParams({ apiKey: apiKeys[who], c: 'test', v: '1.16.1', f: 'json', ...params })}`);
  const subsonicCalls = (): [string, Record<string, string>][] => {
    const withFolders = (method: string, params: Record<string, string> = {}): [string, Record<string, string>][] => [
      [method, params],
      [method, { ...params, musicFolderId: '1' }],
    ];
    return [
      ['getMusicFolders', {}],
      ...['random', 'newest', 'highest', 'frequent', 'recent', 'alphabeticalByName', 'alphabeticalByArtist', 'starred'].flatMap((type) => [
        ...withFolders('getAlbumList2', { type, size: '500' }),
        ...withFolders('getAlbumList', { type, size: '500' }),
      ]),
      ...withFolders('getAlbumList2', { type: 'byYear', fromYear: '0', toYear: '3000', size: '500' }),
      ...withFolders('getAlbumList2', { type: 'byGenre', genre: 'Soundtrack', size: '500' }),
      ...withFolders('getRandomSongs', { size: '500' }),
      ...withFolders('getIndexes'),
      ...withFolders('getArtists'),
      ...withFolders('search3', { query: '', songCount: '500', albumCount: '500', artistCount: '500' }),
      ...withFolders('search3', { query: 'victory' }),
      ...withFolders('search2', { query: '', songCount: '500', albumCount: '500', artistCount: '500' }),
      ...withFolders('getSongsByGenre', { genre: 'Soundtrack', count: '500' }),
      ['getGenres', {}],
      ['getStarred2', {}],
      ['getStarred', {}],
      ...scores.songs.slice(0, 2).flatMap((id): [string, Record<string, string>][] => [
        ['getSong', { id }],
        ['getSimilarSongs2', { id }],
        ['getSimilarSongs', { id }],
        ['stream', { id }],
        ['download', { id }],
        ['getLyricsBySongId', { id }],
      ]),
      ...scores.albums.flatMap((id): [string, Record<string, string>][] => [
        ['getAlbum', { id }],
        ['getAlbumInfo2', { id }],
        ['getMusicDirectory', { id }],
      ]),
      ...scores.artists.flatMap((id): [string, Record<string, string>][] => [
        ['getArtist', { id }],
        ['getArtistInfo2', { id }],
        ['getMusicDirectory', { id }],
      ]),
      ...scores.covers.map((id): [string, Record<string, string>] => ['getCoverArt', { id }]),
      ...music.artists.slice(0, 1).map((id): [string, Record<string, string>] => ['getTopSongs', { artist: id }]),
    ];
  };

  beforeAll(async () => {
    fixtures = await mkdtemp(join(tmpdir(), 'lyra-libraries-'));
    await buildFixtureLibrary(fixtures);
    t = await createTestApp(engine, {
      MUSIC_DIRS: `Music=${join(fixtures, 'Mira Solen')};Game Scores=${join(fixtures, 'wesnoth')}`,
      LOUDNESS_SCAN: 'off',
    });
    expect((await t.app.request('/api/admin/rescan?wait=true', { method: 'POST' })).status).toBe(200);
    // The first account is the administrator.
    admin = (await signUp('admin@example.com')).cookie;
    ({ id: listenerId, cookie: listener } = await signUp('listener@example.com'));
    for (const who of ['listener', 'admin'] as const) apiKeys[who] = await subsonicApiKey(t, `${who}@example.com`);
    scores = await idsOf('game-scores');
    music = await idsOf('music');
    expect(scores.songs).toHaveLength(6);
    expect(music.songs).toHaveLength(3);
    expect(scores.albums.length + scores.artists.length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await t?.close();
    if (fixtures) await rm(fixtures, { recursive: true, force: true });
  });

  it('shows every library to everyone until an administrator restricts one, anonymous visitors included', async () => {
    for (const cookie of [undefined, listener]) {
      const { text } = await json('/api/library/songs?sort=title&limit=100', cookie);
      expect(scores.songs.every((id) => text.includes(id))).toBe(true);
      expect(music.songs.every((id) => text.includes(id))).toBe(true);
    }
    const folders = JSON.parse((await subsonic('getMusicFolders', 'listener')).text) as { 'subsonic-response': { musicFolders: unknown } };
    expect(folders['subsonic-response'].musicFolders).toEqual({ musicFolder: [{ id: 1, name: 'Music' }, { id: 2, name: 'Game Scores' }] });
  });

  it('lets an administrator list the libraries and open one to chosen accounts only', async () => {
    const listed = JSON.parse((await json('/v1/admin/libraries', admin)).text) as { total: number; libraries: { $id: string; everyone: boolean }[] };
    expect(listed.libraries.map((l) => [l.$id, l.everyone])).toEqual([
      ['music', true],
      ['game-scores', true],
    ]);
    const put = await json('/v1/admin/libraries/game-scores', admin, { method: 'PUT', body: JSON.stringify({ everyone: false, userIds: [] }) });
    expect(put.status).toBe(200);
    expect(JSON.parse(put.text)).toMatchObject({ $id: 'game-scores', name: 'Game Scores', everyone: false, userIds: [] });
    expect((await json('/v1/admin/libraries/nothing', admin, { method: 'PUT', body: '{"everyone":true}' })).status).toBe(404);
    expect((await json('/v1/admin/libraries/music', admin, { method: 'PUT', body: '{"everyone":false,"userIds":"x"}' })).status).toBe(400);
    expect((await json('/v1/admin/libraries/music', listener, { method: 'PUT', body: '{"everyone":true}' })).status).toBe(403);
  });

  it('never gives a listener an id of a library they may not see: catalogue, media and Subsonic', async () => {
    for (const path of catalogueCalls()) {
      const { status, text } = await json(path, listener);
      expect([200, 404], `${path}: ${text.slice(0, 200)}`).toContain(status);
      expect(leaked(text, scores), path).toEqual([]);
    }
    for (const path of mediaCalls()) {
      const { status, text } = await json(path, listener);
      expect([status, text], path).toEqual([404, expect.stringMatching(/"success":false,"message":"(song|image) not found"/)]);
    }
    for (const [method, params] of subsonicCalls()) {
      const { status, text } = await subsonic(method, 'listener', params);
      expect(status, method).toBeLessThan(500);
      expect(leaked(text, scores), `${method} ${JSON.stringify(params)}`).toEqual([]);
      // Lists answer (with what the listener may see); only an id of the other library is not found.
      if (!('id' in params)) expect(text, `${method} ${JSON.stringify(params)}`).toContain('"status":"ok"');
    }
    // The listener's one music folder, and the other is not found even when named.
    const folders = JSON.parse((await subsonic('getMusicFolders', 'listener')).text) as { 'subsonic-response': { musicFolders: unknown } };
    expect(folders['subsonic-response'].musicFolders).toEqual({ musicFolder: [{ id: 1, name: 'Music' }] });
    const other = JSON.parse((await subsonic('getRandomSongs', 'listener', { musicFolderId: '2' })).text) as { 'subsonic-response': { error: { code: number } } };
    expect(other['subsonic-response'].error.code).toBe(70);
    // Their own library is all there.
    const { text } = await json('/api/library/songs?sort=title&limit=100', listener);
    expect(music.songs.every((id) => text.includes(id))).toBe(true);
  });

  it('hides a restricted library from anonymous visitors, shows it to administrators and to the accounts granted it', async () => {
    expect(leaked((await json('/api/library/songs?sort=title&limit=100')).text, scores)).toEqual([]);
    const all = (await json('/api/library/songs?sort=title&limit=100', admin)).text;
    expect(scores.songs.every((id) => all.includes(id))).toBe(true);
    // musicFolderId narrows an administrator's lists to that library.
    const second = (await subsonic('getRandomSongs', 'admin', { musicFolderId: '2', size: '500' })).text;
    expect([scores.songs.every((id) => second.includes(id)), leaked(second, music)]).toEqual([true, []]);
    await json('/v1/admin/libraries/game-scores', admin, { method: 'PUT', body: JSON.stringify({ everyone: false, userIds: [listenerId] }) });
    const granted = (await json('/api/library/songs?sort=title&limit=100', listener)).text;
    expect(scores.songs.every((id) => granted.includes(id))).toBe(true);
    const audio = await req(`/media/${scores.songs[0]}/96.mp4`, listener);
    expect(audio.status).toBe(200);
    await audio.body?.cancel();
    await json('/v1/admin/libraries/game-scores', admin, { method: 'PUT', body: JSON.stringify({ everyone: true }) });
    const open = (await json('/api/library/songs?sort=title&limit=100')).text;
    expect(scores.songs.every((id) => open.includes(id))).toBe(true);
  });
  it('opens a share only to the songs its sharer may still listen to', async () => {
    const call = async (method: string, params: Record<string, string>) => {
      const body = (JSON.parse((await subsonic(method, 'listener', params)).text) as { 'subsonic-response': Record<string, unknown> })['subsonic-response'];
      expect(body.status, `${method}: ${JSON.stringify(body.error)}`).toBe('ok');
      return body;
    };
    const playlistId = (((await call('createPlaylist', { name: 'Both libraries', songId: scores.songs[0]! })).playlist) as { id: string }).id;
    await call('updatePlaylist', { playlistId, songIdToAdd: music.songs[0]! });
    const shareId = (((await call('createShare', { id: playlistId })).shares) as { share: { id: string }[] }).share[0]!.id;
    type Shared = { id: string; url: string; image: string };
    const opened = async () => (JSON.parse((await json(`/api/shares/${shareId}`)).text) as { data: { songs: Shared[] } }).data.songs;
    const shared = async () => (await opened()).map((x) => x.id);
    const status = async (url: string) => {
      const res = await req(new URL(url).pathname + new URL(url).search);
      await res.body?.cancel();
      return res.status;
    };
    expect(await shared()).toEqual([scores.songs[0], music.songs[0]]);
    // Game Scores open to the sharer alone: an anonymous holder of the link still plays its song and sees its cover,
    // but not without the share, nor another song of that library with it.
    await json('/v1/admin/libraries/game-scores', admin, { method: 'PUT', body: JSON.stringify({ everyone: false, userIds: [listenerId] }) });
    const [song] = await opened();
    expect(song!.id).toBe(scores.songs[0]);
    expect([await status(song!.url), await status(song!.image)]).toEqual([200, 200]);
    expect(await status(song!.url.split('?')[0]!)).toBe(404);
    expect(await status(song!.url.replace(scores.songs[0]!, scores.songs[1]!))).toBe(404);
    // Closed to the sharer too: the share no longer holds that song.
    await json('/v1/admin/libraries/game-scores', admin, { method: 'PUT', body: JSON.stringify({ everyone: false, userIds: [] }) });
    expect(await shared()).toEqual([music.songs[0]]);
    expect(await status(song!.url)).toBe(404);
    await json('/v1/admin/libraries/game-scores', admin, { method: 'PUT', body: JSON.stringify({ everyone: true }) });
  });
});
