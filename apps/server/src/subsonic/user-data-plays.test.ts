import { Query } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../backend/documents/test/sdk-users.js';
import { ENGINES } from '../test/db.js';
import { list, obj } from './test/checks.js';
import { client, EMAIL } from './test/harness.js';
import { until, useUserData } from './test/user-data.js';

/** Plays (scrobble, now playing), ratings, getUser, the play queue and lyrics, each per user. */

describe.each(ENGINES)('subsonic favourites, playlists and plays (%s)', (engine) => {
  const state = useUserData(engine);
  let { h, api, c, web, songs, albumId, artistId } = state;
  beforeAll(() => void ({ h, api, c, web, songs, albumId, artistId } = state));

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

    it("getPlayQueue is what the web app plays on a device, its position moving on; a queue a phone saves is the web app's to play", async () => {
      const device = (method: string, path: string, body: Record<string, unknown> = {}) =>
        web.client.call(method, new URL(`${web.endpoint}/devices${path}`), { 'content-type': 'application/json' }, body) as Promise<Record<string, unknown>>;
      await device('PUT', '/browser-1', {
        nowPlaying: { songId: songs[1]!, index: 1, positionMs: 42_000, durationMs: 180_000, playing: true, volume: 1 },
        queue: [songs[0]!, songs[1]!, songs[2]!],
      });
      // Read once (XML and JSON answers would differ by the time between them).
      const queue = obj((await api.json('getPlayQueue')).playQueue);
      expect(queue).toMatchObject({ current: songs[1], username: EMAIL, changedBy: 'Chrome on GNU/Linux' });
      expect(queue.position).toBeGreaterThanOrEqual(42_000);
      expect(list(queue.entry).map((s) => s.id)).toEqual([songs[0], songs[1], songs[2]]);

      await c.xmlOk('savePlayQueue', { id: songs[2]!, current: songs[2]!, position: '5000' });
      const playback = (await device('GET', '')).playback as Record<string, unknown>;
      expect(playback).toMatchObject({ deviceId: null, songIds: [songs[2]], currentId: songs[2], positionMs: 5000, playing: false });
      await c.once('savePlayQueue');
    });

    it('getLyricsBySongId gives the catalogue’s lyrics, timed or not; getLyrics by title', async () => {
      const none = await c.both('getLyricsBySongId', { id: songs[1]! });
      expect(obj(none.json.lyricsList).structuredLyrics ?? []).toEqual([]);
      // The server's lyrics pass stores what it read of each song (here: none); lyrics written before it stored
      // this song's would be overwritten by it.
      await until(async () => (await h.t.testDb.db.query('select 1 from track_lyrics where track_id = $1', [songs[0]])).length > 0, 'lyrics pass');
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
