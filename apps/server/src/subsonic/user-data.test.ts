import { Channel, ID, Permission, Query, Role, type RealtimeResponseEvent } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../backend/documents/test/sdk-users.js';
import { createSdkClient, type SdkClient } from '../backend/test/sdk.js';
import type { TestServer } from '../backend/test/server.js';
import { ENGINES } from '../test/db.js';
import { checks, list, obj } from './test/checks.js';
import { client, EMAIL, many, PASSWORD, startServerHarness, type Client, type Harness } from './test/harness.js';

type Event = RealtimeResponseEvent<Record<string, unknown>>;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (polling) until `ok` holds. */
async function until(ok: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await ok()) return;
    await pause(25);
  }
  throw new Error(`never happened: ${what}`);
}

describe.each(ENGINES)('subsonic favourites, playlists and plays (%s)', (engine) => {
  let h: Harness & { t: TestServer };
  let api: Client;
  let c: ReturnType<typeof checks>;
  /** The listener's own browser (the web app's view of the same account). */
  let web: SdkClient;
  let songs: string[];
  let albumId: string;
  let artistId: string;

  beforeAll(async () => {
    h = await startServerHarness(engine);
    api = client(h.t, { u: EMAIL, p: h.creds.password });
    c = checks(api);
    web = createSdkClient(h.t.baseUrl);
    await web.account.createEmailPasswordSession({ email: EMAIL, password: PASSWORD });
    const albums = list(obj((await api.json('getAlbumList2', { type: 'alphabeticalByName', size: '50' })).albumList2).album);
    const harbour = albums.find((a) => a.name === 'Harbour Lights')!;
    albumId = String(harbour.id);
    artistId = String(harbour.artistId);
    songs = list(obj((await api.json('getAlbum', { id: albumId })).album).song).map((s) => String(s.id));
  });
  afterAll(async () => {
    await web?.realtime.disconnect();
    await h?.close();
  });

  const favoritesOnWeb = async () =>
    (await web.databases.listDocuments('lyra', 'Favorite', [Query.equal('userId', h.userId), Query.limit(100)])).documents;

  describe('star and unstar', () => {
    it("stars a song as the web app's Favorite document, seen by the SDK and over realtime", async () => {
      const received: Event[] = [];
      await web.realtime.subscribe(Channel.database('lyra').collection('Favorite').document(), (e) => void received.push(e as Event));
      // The subscription is live once a probe's event arrives.
      let n = 0;
      await until(async () => {
        if (received.length > 0) return true;
        const probe = await web.databases.createDocument('lyra', 'Favorite', ID.unique(), { userId: h.userId, songId: `probe-${n++}` });
        await pause(100);
        await web.databases.deleteDocument('lyra', 'Favorite', probe.$id);
        return received.length > 0;
      }, 'realtime subscription');
      received.length = 0;

      const star = await c.once('star', { id: songs[0]! });
      expect(star).toEqual(expect.objectContaining({ status: 'ok' }));
      const docs = await favoritesOnWeb();
      expect(docs.map((d) => d.songId)).toEqual([songs[0]]);
      expect(docs[0]!.$permissions).toEqual(expect.arrayContaining([`read("user:${h.userId}")`, `delete("user:${h.userId}")`]));
      await until(() => received.some((e) => e.payload.songId === songs[0] && e.events.some((x) => x.endsWith('.create'))), 'create event');

      // Starring again is no error and makes no second document; XML says ok too.
      await c.xmlOk('star', { id: songs[0]! });
      expect((await favoritesOnWeb()).length).toBe(1);
      const song = await c.both('getSong', { id: songs[0]! });
      expect(obj(song.json.song).starred).toBe(new Date(docs[0]!.$createdAt).toISOString());

      await c.once('unstar', { id: songs[0]! });
      expect(await favoritesOnWeb()).toEqual([]);
      await until(() => received.some((e) => e.payload.songId === songs[0] && e.events.some((x) => x.endsWith('.delete'))), 'delete event');
      await c.xmlOk('unstar', { id: songs[0]! });
      expect(obj((await api.json('getSong', { id: songs[0]! })).song).starred).toBeUndefined();
      await web.realtime.disconnect();
    });

    it('lists a favourite made in the web app in getStarred2 and getStarred', async () => {
      const fav = await web.databases.createDocument('lyra', 'Favorite', ID.unique(), { userId: h.userId, songId: songs[1]! });
      const { json, xml } = await c.both('getStarred2');
      const starred = obj(json.starred2);
      expect(list(starred.song).map((s) => s.id)).toEqual([songs[1]]);
      expect(list(starred.song)[0]!.starred).toBe(new Date(fav.$createdAt).toISOString());
      expect(many(obj(xml.starred2).song as Record<string, unknown>[]).map((s) => s.id)).toEqual([songs[1]]);
      const legacy = await c.both('getStarred');
      expect(list(obj(legacy.json.starred).song).map((s) => s.id)).toEqual([songs[1]]);
      await web.databases.deleteDocument('lyra', 'Favorite', fav.$id);
      expect(obj((await c.both('getStarred2')).json.starred2).song ?? []).toEqual([]);
    });

    it('stars albums and artists (kept by the subsonic module), several at once', async () => {
      await c.once('star', { albumId, artistId });
      const { json } = await c.both('getStarred2');
      const starred = obj(json.starred2);
      expect(list(starred.album).map((a) => [a.id, typeof a.starred])).toEqual([[albumId, 'string']]);
      expect(list(starred.artist).map((a) => [a.id, typeof a.starred])).toEqual([[artistId, 'string']]);
      const legacy = obj((await c.both('getStarred')).json.starred);
      expect(list(legacy.album).map((a) => [a.id, a.isDir])).toEqual([[albumId, true]]);
      expect(list(legacy.artist).map((a) => a.id)).toEqual([artistId]);
      const starredAlbums = list(obj((await api.json('getAlbumList2', { type: 'starred' })).albumList2).album);
      expect(starredAlbums.map((a) => a.id)).toEqual([albumId]);
      // An album id given as `id` (older clients) is an album star.
      await c.once('unstar', { albumId, artistId });
      expect(list(obj((await api.json('getStarred2')).starred2).album)).toEqual([]);
      await c.once('star', { id: albumId });
      expect(list(obj((await api.json('getStarred2')).starred2).album).map((a) => a.id)).toEqual([albumId]);
      await c.once('unstar', { id: albumId });
      expect(list(obj((await api.json('getStarred2')).starred2).album)).toEqual([]);
      expect(await favoritesOnWeb()).toEqual([]);
    });

    it('unstars many ids at once, beyond one backend query', async () => {
      await c.once('star', { id: songs[2]! });
      const query = new URLSearchParams({ u: EMAIL, p: h.creds.password, f: 'json' });
      for (let i = 0; i < 150; i++) query.append('id', `gone-${i}`);
      query.append('id', songs[2]!);
      const body = obj(((await (await h.t.app.request(`/rest/unstar?${query}`)).json()) as Record<string, unknown>)['subsonic-response']);
      expect(body.status).toBe('ok');
      expect(await favoritesOnWeb()).toEqual([]);
    });

    it('refuses a missing id (10) and an unknown one (70), starring nothing', async () => {
      await c.failure('star', {}, 10);
      await c.failure('unstar', {}, 10);
      await c.failure('star', { id: '9999999999' }, 70);
      await c.failure('star', { id: songs[0]!, albumId: '9999999999' }, 70);
      await c.failure('star', { artistId: 'nope' }, 70);
      expect(await favoritesOnWeb()).toEqual([]);
    });
  });

  describe('playlists', () => {
    const songIds = (p: unknown) => list(obj(p).entry).map((s) => s.id);
    const webLinks = async (playlistId: string) =>
      (await web.databases.listDocuments('lyra', 'PlaylistSong', [Query.equal('playlistId', playlistId), Query.limit(100)])).documents.map((d) => d.songId);

    it('a playlist made in a Subsonic app is the web app’s Playlist and PlaylistSong documents, in order', async () => {
      const made = await c.once('createPlaylist', { name: 'Road', songId: songs[2]! }, api);
      const twice = await api.json('createPlaylist', { name: 'Road two', songId: songs[0]! });
      expect(twice.status).toBe('ok');
      const playlist = obj(made.playlist);
      expect(playlist).toMatchObject({ name: 'Road', owner: EMAIL, public: false, songCount: 1, readonly: false });
      expect(songIds(playlist)).toEqual([songs[2]]);
      const id = String(playlist.id);
      const onWeb = await web.databases.getDocument('lyra', 'Playlist', id);
      expect(onWeb).toMatchObject({ name: 'Road', userId: h.userId });
      expect(await webLinks(id)).toEqual([songs[2]]);

      // Replace the songs (and keep their order), as createPlaylist with playlistId does.
      const replaced = await c.once('createPlaylist', { playlistId: id, songId: songs[1]! });
      expect(songIds(replaced.playlist)).toEqual([songs[1]]);
      expect(songIds((await api.json('createPlaylist', { playlistId: id })).playlist)).toEqual([]);
      const query = new URLSearchParams({ u: EMAIL, p: h.creds.password, f: 'json', playlistId: id });
      for (const s of [songs[2]!, songs[0]!, songs[1]!]) query.append('songId', s);
      const three = obj((await (await h.t.app.request(`/rest/createPlaylist?${query}`)).json()) as Record<string, unknown>)['subsonic-response'];
      expect(songIds(obj(three).playlist)).toEqual([songs[2], songs[0], songs[1]]);
      expect(await webLinks(id)).toEqual([songs[2], songs[0], songs[1]]);

      const { json } = await c.both('getPlaylist', { id });
      expect(obj(json.playlist)).toMatchObject({ id, name: 'Road', songCount: 3 });
      expect(songIds(json.playlist)).toEqual([songs[2], songs[0], songs[1]]);
      const all = await c.both('getPlaylists');
      expect(list(obj(all.json.playlists).playlist).map((p) => p.name)).toEqual(expect.arrayContaining(['Road', 'Road two']));
      await c.failure('getPlaylists', { username: 'someone-else@example.org' }, 50);
      const { xml } = await c.both('getPlaylist', { id });
      expect(many(obj(xml.playlist).entry as Record<string, unknown>[]).map((s) => s.id)).toEqual([songs[2], songs[0], songs[1]]);
      const xmlMade = await c.xmlOk('createPlaylist', { name: 'From XML', songId: songs[0]! });
      expect(obj(xmlMade.playlist)).toMatchObject({ name: 'From XML', songCount: '1' });
    });

    it('a playlist made in the web app is listed and edited by Subsonic apps', async () => {
      const made = await web.databases.createDocument('lyra', 'Playlist', ID.unique(), { userId: h.userId, name: 'Web list' });
      for (const s of songs) await web.databases.createDocument('lyra', 'PlaylistSong', ID.unique(), { playlistId: made.$id, songId: s });
      const listed = list(obj((await c.both('getPlaylists')).json.playlists).playlist).find((p) => p.id === made.$id);
      expect(listed).toMatchObject({ name: 'Web list', songCount: 3, owner: EMAIL });

      await c.once('updatePlaylist', { playlistId: made.$id, name: 'Renamed', comment: 'for the drive', songIndexToRemove: '1' });
      await c.xmlOk('updatePlaylist', { playlistId: made.$id, name: 'Renamed' });
      expect((await web.databases.getDocument('lyra', 'Playlist', made.$id)).name).toBe('Renamed');
      expect(await webLinks(made.$id)).toEqual([songs[0], songs[2]]);
      const query = new URLSearchParams({ u: EMAIL, p: h.creds.password, f: 'json', playlistId: made.$id, songIdToAdd: songs[1]! });
      query.append('songIndexToRemove', '0');
      query.append('songIndexToRemove', '1');
      await h.t.app.request(`/rest/updatePlaylist?${query}`);
      expect(await webLinks(made.$id)).toEqual([songs[1]]);
      const got = obj((await c.both('getPlaylist', { id: made.$id })).json.playlist);
      expect(got).toMatchObject({ name: 'Renamed', comment: 'for the drive', songCount: 1 });

      await c.failure('updatePlaylist', { playlistId: made.$id, songIndexToRemove: '7' }, 0);
      await c.failure('updatePlaylist', { playlistId: made.$id, songIdToAdd: '9999999999' }, 70);
      await c.failure('updatePlaylist', {}, 10);
      await c.failure('updatePlaylist', { playlistId: 'no-such-playlist' }, 70);

      await c.once('deletePlaylist', { id: made.$id });
      await expect(web.databases.getDocument('lyra', 'Playlist', made.$id)).rejects.toMatchObject({ code: 404 });
      expect(await webLinks(made.$id)).toEqual([]);
      await c.failure('deletePlaylist', { id: made.$id }, 70);
      const brief = String(obj((await api.json('createPlaylist', { name: 'Brief' })).playlist).id);
      await c.xmlOk('deletePlaylist', { id: brief });
      await expect(web.databases.getDocument('lyra', 'Playlist', brief)).rejects.toMatchObject({ code: 404 });
      await c.failure('getPlaylist', { id: made.$id }, 70);
      await c.failure('getPlaylist', {}, 10);
      await c.failure('createPlaylist', {}, 10);
      await c.failure('createPlaylist', { name: 'Ghosts', songId: '9999999999' }, 70);
    });

    it('lists more playlists than one backend query holds', async () => {
      const before = list(obj((await api.json('getPlaylists')).playlists).playlist).length;
      const made: string[] = [];
      for (let i = 0; i < 105; i++) made.push((await web.databases.createDocument('lyra', 'Playlist', ID.unique(), { userId: h.userId, name: `Bulk ${i}` })).$id);
      const all = list(obj((await api.json('getPlaylists')).playlists).playlist);
      expect(all.length).toBe(before + 105);
      expect(all.slice(-105).map((p) => p.id)).toEqual(made);
      for (const id of made) await web.databases.deleteDocument('lyra', 'Playlist', id);
    });

    it("keeps other users' playlists: private ones are not found (70), public ones read-only (50)", async () => {
      const bob = await signedInClient(h.t.baseUrl, 'bob');
      const bobApi = client(h.t, { u: bob.email, p: 'password123' });
      const mine = obj((await api.json('createPlaylist', { name: 'Mine', songId: songs[0]! })).playlist);
      const id = String(mine.id);
      await c.failure('getPlaylist', { id }, 70, bobApi);
      await c.failure('updatePlaylist', { playlistId: id, name: 'Taken' }, 70, bobApi);
      await c.failure('deletePlaylist', { id }, 70, bobApi);
      await c.failure('createPlaylist', { playlistId: id, songId: songs[1]! }, 70, bobApi);
      const bobs = await bob.databases.listDocuments('lyra', 'Playlist', []);
      expect(bobs.documents.map((d) => d.$id)).not.toContain(id);

      await c.once('updatePlaylist', { playlistId: id, public: 'true' });
      const seen = await c.both('getPlaylist', { id }, bobApi);
      expect(obj(seen.json.playlist)).toMatchObject({ public: true, readonly: true, owner: EMAIL, songCount: 1 });
      await c.failure('updatePlaylist', { playlistId: id, name: 'Taken' }, 50, bobApi);
      await c.failure('deletePlaylist', { id }, 50, bobApi);
      expect(list(obj((await bobApi.json('getPlaylists')).playlists).playlist).map((p) => p.id)).toContain(id);
      // Bob's SDK cannot add songs to it either (the backend's own rule).
      await expect(
        bob.databases.createDocument('lyra', 'PlaylistSong', ID.unique(), { playlistId: id, songId: songs[2]! }),
      ).rejects.toMatchObject({ code: 401 });
      await c.once('updatePlaylist', { playlistId: id, public: 'false' });
      await c.failure('getPlaylist', { id }, 70, bobApi);
      expect((await web.databases.getDocument('lyra', 'Playlist', id)).name).toBe('Mine');
      // A playlist Bob shares through the SDK is public to the listener.
      const shared = await bob.databases.createDocument('lyra', 'Playlist', ID.unique(), { userId: bob.userId, name: 'Shared' }, [
        Permission.read(Role.users()),
      ]);
      expect(obj((await api.json('getPlaylist', { id: shared.$id })).playlist)).toMatchObject({ public: true, readonly: true });
    });
  });

  describe('plays, user, play queue, lyrics', () => {
    it('scrobble submission=true records History documents; submission=false is now playing', async () => {
      const history = async () =>
        (await web.databases.listDocuments('lyra', 'History', [Query.equal('userId', h.userId), Query.limit(100)])).documents.map((d) => d.songId);
      await c.once('scrobble', { id: songs[0]! });
      expect(await history()).toEqual([songs[0]]);
      await c.xmlOk('scrobble', { id: songs[1]!, submission: 'true' });
      expect(await history()).toEqual([songs[0], songs[1]]);

      expect(obj((await c.both('getNowPlaying')).json.nowPlaying).entry ?? []).toEqual([]);
      await c.once('scrobble', { id: songs[2]!, submission: 'false' });
      expect(await history()).toEqual([songs[0], songs[1]]);
      const now = list(obj((await c.both('getNowPlaying')).json.nowPlaying).entry);
      expect(now).toEqual([expect.objectContaining({ id: songs[2], username: EMAIL, minutesAgo: 0, playerName: 'test' })]);
      // Other listeners do not see it.
      const bob = await signedInClient(h.t.baseUrl, 'bob');
      expect(obj((await client(h.t, { u: bob.email, p: 'password123' }).json('getNowPlaying')).nowPlaying).entry ?? []).toEqual([]);

      await c.failure('scrobble', {}, 10);
      await c.failure('scrobble', { id: '9999999999' }, 70);
      await c.failure('scrobble', { id: songs[0]!, submission: 'maybe' }, 0);
      expect(await history()).toEqual([songs[0], songs[1]]);
    });

    it('setRating keeps the caller\'s stars: userRating on songs, getAlbumList2 highest; 0 forgets them', async () => {
      const rating = async (id: string) => obj((await c.both('getSong', { id })).json.song).userRating;
      const highest = async () => list(obj((await c.both('getAlbumList2', { type: 'highest', size: '50' })).json.albumList2).album).map((a) => a.id);
      await c.once('setRating', { id: songs[0]!, rating: '4' });
      expect(await rating(songs[0]!)).toBe(4);
      await c.once('setRating', { id: songs[0]!, rating: '2' });
      expect(await rating(songs[0]!)).toBe(2);
      // Another listener sees none of them.
      const bob = await signedInClient(h.t.baseUrl, 'rater');
      expect(obj((await client(h.t, { u: bob.email, p: 'password123' }).json('getSong', { id: songs[0]! })).song).userRating).toBeUndefined();

      const albums = list(obj((await api.json('getAlbumList2', { type: 'alphabeticalByName', size: '50' })).albumList2).album).map((a) => String(a.id));
      const other = albums.find((id) => id !== albumId)!;
      expect(await highest()).toEqual([]);
      await c.xmlOk('setRating', { id: other, rating: '3' });
      await c.once('setRating', { id: albumId, rating: '5' });
      expect(await highest()).toEqual([albumId, other]);
      await c.once('setRating', { id: albumId, rating: '0' });
      await c.once('setRating', { id: songs[0]!, rating: '0' });
      expect(await highest()).toEqual([other]);
      expect(await rating(songs[0]!)).toBeUndefined();
      await c.once('setRating', { id: artistId, rating: '5' });
    });

    it('setRating refuses bad input', async () => {
      await c.failure('setRating', { rating: '3' }, 10);
      await c.failure('setRating', { id: songs[0]! }, 10);
      await c.failure('setRating', { id: songs[0]!, rating: '9' }, 0);
      await c.failure('setRating', { id: '9999999999', rating: '3' }, 70);
    });

    it('getUser answers for the caller only', async () => {
      const { json } = await c.both('getUser', { username: EMAIL });
      expect(obj(json.user)).toMatchObject({ username: EMAIL, streamRole: true, playlistRole: true, adminRole: false, folder: [1] });
      await c.both('getUser', { username: EMAIL.toUpperCase() });
      await c.failure('getUser', { username: 'other@example.org' }, 50);
      await c.failure('getUser', {}, 10);
    });

    it('savePlayQueue and getPlayQueue keep one queue per user', async () => {
      const empty = await c.both('getPlayQueue');
      expect(obj(empty.json.playQueue).entry).toBeUndefined();
      const query = new URLSearchParams({ u: EMAIL, p: h.creds.password, f: 'json', c: 'phone', current: songs[1]!, position: '81234' });
      for (const s of [songs[2]!, songs[1]!]) query.append('id', s);
      const saved = obj(((await (await h.t.app.request(`/rest/savePlayQueue?${query}`)).json()) as Record<string, unknown>)['subsonic-response']);
      expect(saved.status).toBe('ok');
      const { json } = await c.both('getPlayQueue');
      expect(obj(json.playQueue)).toMatchObject({ current: songs[1], position: 81234, username: EMAIL, changedBy: 'phone' });
      expect(list(obj(json.playQueue).entry).map((s) => s.id)).toEqual([songs[2], songs[1]]);
      await c.xmlOk('savePlayQueue', { id: songs[0]! });
      expect(list(obj((await api.json('getPlayQueue')).playQueue).entry).map((s) => s.id)).toEqual([songs[0]]);
      await c.failure('savePlayQueue', { id: '9999999999' }, 70);
      await c.failure('savePlayQueue', { id: songs[0]!, current: songs[2]! }, 0);
      await c.once('savePlayQueue');
      expect(obj((await api.json('getPlayQueue')).playQueue).entry).toBeUndefined();
    });

    it('getLyricsBySongId gives the catalogue’s lyrics, timed or not; getLyrics by title', async () => {
      const none = await c.both('getLyricsBySongId', { id: songs[1]! });
      expect(obj(none.json.lyricsList).structuredLyrics ?? []).toEqual([]);
      await h.t.testDb.db.query(
        `insert into track_lyrics (track_id, source_key, origin, synced, lang, lines)
         select id, size_bytes::text || '-' || mtime_ms::text, 'lrc', true, 'eng', $2::text::jsonb from tracks where id = $1
         on conflict (track_id) do update set source_key = excluded.source_key, origin = excluded.origin,
           synced = excluded.synced, lang = excluded.lang, lines = excluded.lines`,
        [songs[0], JSON.stringify([{ startMs: 500, text: 'One' }, { startMs: 1250, text: 'Two' }])],
      );
      const { json } = await c.both('getLyricsBySongId', { id: songs[0]! });
      expect(list(obj(json.lyricsList).structuredLyrics)).toEqual([
        {
          displayArtist: 'Mira Solen',
          displayTitle: 'Paper Lanterns',
          lang: 'eng',
          synced: true,
          offset: 0,
          line: [
            { start: 500, value: 'One' },
            { start: 1250, value: 'Two' },
          ],
        },
      ]);
      const plain = await c.both('getLyrics', { artist: 'Mira Solen', title: 'paper lanterns' });
      expect(obj(plain.json.lyrics)).toEqual({ artist: 'Mira Solen', title: 'Paper Lanterns', value: 'One\nTwo' });
      expect(obj((await api.json('getLyrics', { title: 'No such song' })).lyrics)).toEqual({ value: '' });
      await c.failure('getLyricsBySongId', {}, 10);
      await c.failure('getLyricsBySongId', { id: '9999999999' }, 70);
      const ext = await client(h.t, {}).json('getOpenSubsonicExtensions');
      expect(list(ext.openSubsonicExtensions).map((e) => e.name)).toContain('songLyrics');
    });
  });
});
