import { beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, usersStore } from '../backend/module.js';
import { ENGINES } from '../test/db.js';
import { issueCredentials } from './credentials.js';
import { loadOrCreateKey, secretBox } from './secret-box.js';
import { checks } from './test/checks.js';
import { client, EMAIL, type Client } from './test/harness.js';
import { list, obj, useLibraryApi } from './test/library-api.js';

const DAY = 86_400_000;

/** Subsonic API: public shares, made by any account, listed and changed by their owner (and administrators). */
describe.each(ENGINES)('subsonic shares (%s)', (engine) => {
  const { state, failure } = useLibraryApi(engine);
  let other: Client | null = null;
  const shares = async (c: Client = state.api) => list(obj((await checks(c).both('getShares')).json.shares).share);

  /** The harness's account is not an administrator; a second account is one when `admin`. */
  beforeEach(async () => {
    await state.h.t.testDb.db.query('delete from subsonic_shares');
  });

  const setUp = async (admin: boolean): Promise<Client> => {
    const db = state.h.t.testDb.db;
    await db.query(`update users set labels = '{}' where id = $1`, [state.h.userId]);
    const id = `u-shares-${engine}`;
    if (!other) {
      const email = `shares-${engine}@example.org`;
      await usersStore(db).insert({ id, email, name: 'Second Listener', passwordHash: await hashPassword('another password'), emailVerification: true, at: new Date() });
      const creds = await issueCredentials(db, secretBox(await loadOrCreateKey(state.h.t.dataDir)), email, { rotate: false, now: new Date() });
      other = client(state.h.t, { u: email, p: creds.password });
    }
    await db.query(`update users set labels = $2 where id = $1`, [id, admin ? ['admin'] : []]);
    return other;
  };

  it('shares a song or an album with its songs as entries, lists the owner’s shares and changes and removes them', async () => {
    await setUp(false);
    const { once, xmlOk } = checks(state.api);
    const [first, second] = state.harbourSongs;
    const expires = Date.now() + 7 * DAY;
    const made = list(obj((await once('createShare', { id: String(first!.id), description: ' For the ferry ', expires: String(expires) })).shares).share);
    expect(made).toHaveLength(1);
    const song = made[0]!;
    expect(String(song.id)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(song.url).toBe(`http://localhost/share/${String(song.id)}`);
    expect([song.description, song.username, song.visitCount, song.expires]).toEqual(['For the ferry', EMAIL, 0, new Date(expires).toISOString()]);
    expect(list(song.entry).map((e) => e.id)).toEqual([first!.id]);

    await xmlOk('createShare', { id: String(state.harbour.id) });
    const listed = await shares();
    const album = listed[1]!;
    expect(listed.map((s) => s.id)).toEqual([song.id, album.id]);
    expect(album.id).not.toBe(song.id);
    expect(list(listed[1]!.entry).map((e) => e.id)).toEqual(state.harbourSongs.map((s) => s.id));
    expect(listed[1]!.expires).toBeUndefined();
    expect(second).toBeDefined();

    await once('updateShare', { id: String(song.id), description: 'Changed', expires: '0' });
    const changed = (await shares())[0]!;
    expect([changed.description, changed.expires]).toEqual(['Changed', undefined]);
    await once('deleteShare', { id: String(song.id) });
    await once('deleteShare', { id: String(album.id) });
    expect(await shares()).toEqual([]);
  });

  it('keeps one account’s shares from another; an administrator lists and removes everyone’s', async () => {
    const second = await setUp(false);
    const made = list(obj((await checks(state.api).once('createShare', { id: String(state.harbour.id) })).shares).share)[0]!;
    const id = String(made.id);
    expect(await shares(second)).toEqual([]);
    await failure('updateShare', { id, description: 'Mine now' }, 70, second);
    await failure('deleteShare', { id }, 70, second);
    expect((await shares()).map((s) => s.id)).toEqual([id]);

    await setUp(true);
    const seen = await shares(second);
    expect(seen.map((s) => [s.id, s.username])).toEqual([[id, EMAIL]]);
    await checks(second).once('deleteShare', { id });
    expect(await shares()).toEqual([]);
  });

  it('shares a playlist the caller may read, its songs in the playlist’s order as it is now; another’s private one is not found', async () => {
    const second = await setUp(false);
    const { once } = checks(state.api);
    const [a, b, c] = state.harbourSongs.map((song) => String(song.id));
    const playlistId = String(obj((await once('createPlaylist', { name: 'Ferry songs', songId: b! })).playlist).id);
    await once('updatePlaylist', { playlistId, songIdToAdd: a! });
    const entries = async (who: Client = state.api) => (await shares(who)).map((s) => list(s.entry).map((e) => e.id));

    const made = list(obj((await once('createShare', { id: playlistId, description: 'For the ferry' })).shares).share)[0]!;
    expect(list(made.entry).map((e) => e.id)).toEqual([b, a]);
    // The share follows the playlist (as Navidrome's do): songs added and removed show at once.
    await once('updatePlaylist', { playlistId, songIdToAdd: c!, songIndexToRemove: '0' });
    expect(await entries()).toEqual([[a, c]]);

    // Another account cannot share a private playlist it cannot read, nor reach it by the share's own marking.
    await failure('createShare', { id: playlistId }, 70, second);
    await failure('createShare', { id: `playlist:${playlistId}` }, 70, second);
    // Made public, any account may share it; made private again, their share covers nothing.
    await once('updatePlaylist', { playlistId, public: 'true' });
    await checks(second).once('createShare', { id: playlistId });
    expect(await entries(second)).toEqual([[a, c]]);
    await once('updatePlaylist', { playlistId, public: 'false' });
    expect(await entries(second)).toEqual([[]]);

    // A removed playlist leaves its share empty.
    await once('deletePlaylist', { id: playlistId });
    expect(await entries()).toEqual([[]]);
  });

  it('answers bad shares with the protocol codes and keeps nothing of them', async () => {
    await setUp(false);
    const song = String(state.harbourSongs[0]!.id);
    await failure('createShare', {}, 10);
    await failure('createShare', { id: 'no-such-song' }, 70);
    await failure('createShare', { id: song, expires: 'tomorrow' }, 0);
    await failure('createShare', { id: song, expires: String(Date.now() - DAY) }, 0);
    await failure('createShare', { id: song, description: 'x'.repeat(501) }, 0);
    await failure('createShare', { id: song, maxBitRate: 'fast' }, 0);
    expect(await shares()).toEqual([]);
    await failure('updateShare', { id: 'no-such-share', description: 'Ghost' }, 70);
    await failure('updateShare', {}, 10);
    await failure('deleteShare', { id: 'no-such-share' }, 70);
    await failure('deleteShare', {}, 10);
  });
});
