import { ID, Permission, Query, Role } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../backend/documents/test/sdk-users.js';
import { ENGINES } from '../test/db.js';
import { list, obj } from './test/checks.js';
import { client, EMAIL, many } from './test/harness.js';
import { useUserData } from './test/user-data.js';

/** Playlists: the web app's Playlist and PlaylistSong documents, made and edited from either side; other users' playlists. */

describe.each(ENGINES)('subsonic favourites, playlists and plays (%s)', (engine) => {
  const state = useUserData(engine);
  let { h, api, c, web, songs } = state;
  beforeAll(() => void ({ h, api, c, web, songs } = state));

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

    it("a playlist's comment is its description in the web app, both ways", async () => {
      const made = await web.databases.createDocument('lyra', 'Playlist', ID.unique(), { userId: h.userId, name: 'Described', description: 'Songs for the night bus' });
      expect(obj((await c.both('getPlaylist', { id: made.$id })).json.playlist)).toMatchObject({ comment: 'Songs for the night bus' });
      expect(list(obj((await c.both('getPlaylists')).json.playlists).playlist).find((p) => p.id === made.$id)).toMatchObject({ comment: 'Songs for the night bus' });

      await c.once('updatePlaylist', { playlistId: made.$id, comment: '  Quiet songs, 東京 at night 🌙  ' });
      expect((await web.databases.getDocument('lyra', 'Playlist', made.$id)).description).toBe('Quiet songs, 東京 at night 🌙');
      // At most 300 characters (as the web app allows), counted as characters, not bytes.
      await c.once('updatePlaylist', { playlistId: made.$id, comment: '🌙'.repeat(300) });
      expect((await web.databases.getDocument('lyra', 'Playlist', made.$id)).description).toBe('🌙'.repeat(300));
      await c.failure('updatePlaylist', { playlistId: made.$id, comment: 'x'.repeat(301) }, 0);
      expect((await web.databases.getDocument('lyra', 'Playlist', made.$id)).description).toBe('🌙'.repeat(300));
      await c.once('updatePlaylist', { playlistId: made.$id, comment: '' });
      expect((await web.databases.getDocument('lyra', 'Playlist', made.$id)).description).toBe('');
      expect(obj((await api.json('getPlaylist', { id: made.$id })).playlist).comment).toBeUndefined();

      // createPlaylist takes a comment too.
      const created = obj((await c.once('createPlaylist', { name: 'With a comment', comment: 'From the car app', songId: songs[0]! }, api)).playlist);
      expect(created).toMatchObject({ name: 'With a comment', comment: 'From the car app' });
      expect((await web.databases.getDocument('lyra', 'Playlist', String(created.id))).description).toBe('From the car app');

      // A comment set before playlists had descriptions still shows, until a description replaces it.
      await h.t.testDb.db.query('insert into subsonic_playlist_comments (playlist_id, comment) values ($1, $2)', [made.$id, 'An older comment']);
      expect(obj((await api.json('getPlaylist', { id: made.$id })).playlist).comment).toBe('An older comment');
      await c.once('updatePlaylist', { playlistId: made.$id, comment: 'The description' });
      expect(obj((await api.json('getPlaylist', { id: made.$id })).playlist).comment).toBe('The description');
      await web.databases.updateDocument('lyra', 'Playlist', made.$id, { description: '' });
      expect(obj((await api.json('getPlaylist', { id: made.$id })).playlist).comment).toBeUndefined();
      for (const id of [made.$id, String(created.id)]) await web.databases.deleteDocument('lyra', 'Playlist', id);
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
});
