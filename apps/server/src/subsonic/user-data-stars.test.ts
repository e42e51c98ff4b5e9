import { Channel, ID, Query, type RealtimeResponseEvent } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test/db.js';
import { list, obj } from './test/checks.js';
import { EMAIL, many } from './test/harness.js';
import { pause, until, useUserData } from './test/user-data.js';

/** Favourites: star and unstar are the web app's Favorite documents (songs) or the module's own stars (albums, artists). */

type Event = RealtimeResponseEvent<Record<string, unknown>>;

describe.each(ENGINES)('subsonic favourites, playlists and plays (%s)', (engine) => {
  const state = useUserData(engine);
  let { h, api, c, web, songs, albumId, artistId } = state;
  beforeAll(() => void ({ h, api, c, web, songs, albumId, artistId } = state));

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
});
