import { describe, expect, it } from 'vitest';
import { hashPassword, usersStore } from '../backend/module.js';
import { ENGINES } from '../test/db.js';
import { issueCredentials } from './credentials.js';
import { loadOrCreateKey, secretBox } from './secret-box.js';
import { bookmarksStore } from './bookmarks.sql.js';
import { checks } from './test/checks.js';
import { client, EMAIL } from './test/harness.js';
import { list, obj, useLibraryApi } from './test/library-api.js';

/** Subsonic API: bookmarks (a position in a song, per user) and the scan's status. */
describe.each(ENGINES)('subsonic bookmarks and scan status (%s)', (engine) => {
  const { state, both, failure } = useLibraryApi(engine);
  const bookmarks = async () => list(obj((await both('getBookmarks')).json.bookmarks).bookmark);

  it('keeps one bookmark per song, replaced by the next, with its position, comment and song', async () => {
    const { api, harbourSongs } = state;
    const { once, xmlOk } = checks(api);
    const [first, second] = [String(harbourSongs[0]!.id), String(harbourSongs[1]!.id)];
    expect(await bookmarks()).toEqual([]);
    await once('createBookmark', { id: first, position: '61000', comment: 'Chapter 2' });
    await xmlOk('createBookmark', { id: second, position: '0' });
    const saved = await bookmarks();
    expect(saved.map((b) => [obj(b.entry).id, b.position, b.comment, b.username])).toEqual([
      [second, 0, undefined, EMAIL],
      [first, 61000, 'Chapter 2', EMAIL],
    ]);
    await once('createBookmark', { id: first, position: '75500' });
    const moved = (await bookmarks()).find((b) => obj(b.entry).id === first)!;
    expect(moved.position).toBe(75500);
    expect(moved.comment).toBeUndefined();
    expect(moved.created).toBe(saved[1]!.created);
    await once('deleteBookmark', { id: first });
    await once('deleteBookmark', { id: second });
    expect(await bookmarks()).toEqual([]);
  });

  it("keeps bookmarks personal: another user neither sees nor deletes them", async () => {
    const { api, h, harbourSongs } = state;
    const id = String(harbourSongs[2]!.id);
    await checks(api).once('createBookmark', { id, position: '1234' });
    const email = `other-${engine}@example.org`;
    await usersStore(h.t.testDb.db).insert({ id: `u-other-${engine}`, email, name: 'Other', passwordHash: await hashPassword('another password'), emailVerification: true, at: new Date() });
    const creds = await issueCredentials(h.t.testDb.db, secretBox(await loadOrCreateKey(h.t.dataDir)), email, { rotate: false, now: new Date() });
    const other = client(h.t, { u: email, p: creds.password });
    expect(list(obj((await other.json('getBookmarks')).bookmarks).bookmark)).toEqual([]);
    await failure('deleteBookmark', { id }, 70, other);
    expect((await bookmarks()).map((b) => obj(b.entry).id)).toEqual([id]);
    await checks(api).once('deleteBookmark', { id });
  });

  it('refuses bad bookmarks with the protocol codes', async () => {
    const id = String(state.harbourSongs[0]!.id);
    await failure('createBookmark', { id }, 10);
    await failure('createBookmark', { position: '10' }, 10);
    await failure('createBookmark', { id, position: '-5' }, 0);
    await failure('createBookmark', { id, position: 'soon' }, 0);
    await failure('createBookmark', { id, position: '10', comment: 'x'.repeat(1001) }, 0);
    await failure('createBookmark', { id: '0123456789abcdef0123456789abcdef', position: '10' }, 70);
    await failure('deleteBookmark', { id }, 70);
    await failure('deleteBookmark', {}, 10);
    expect(await bookmarks()).toEqual([]);
  });

  it('holds a user to the bookmark limit, while the songs already bookmarked can still move', async () => {
    const { h, harbourSongs } = state;
    const store = bookmarksStore(h.t.testDb.db);
    const [a, b] = [String(harbourSongs[0]!.id), String(harbourSongs[1]!.id)];
    const at = new Date();
    expect(await store.save(h.userId, a, 10, '', at, 1)).toBe('saved');
    expect(await store.save(h.userId, b, 10, '', at, 1)).toBe('full');
    expect(await store.save(h.userId, a, 20, '', at, 1)).toBe('saved');
    expect(await store.save(h.userId, 'no-such-song', 10, '', at, 1)).toBe('no-song');
    expect(await store.remove(h.userId, a)).toBe(true);
  });

  it('says whether a scan runs and how many songs there are; starting one is for administrators (50)', async () => {
    const status = obj((await both('getScanStatus')).json.scanStatus);
    const songs = await state.h.t.testDb.db.query<{ n: number }>('select count(*)::int as n from tracks');
    expect(status).toEqual({ scanning: false, count: songs[0]!.n });
    expect(songs[0]!.n).toBeGreaterThan(10);
    const refused = await failure('startScan', {}, 50);
    expect(refused.error?.message).toBe('Only an administrator of this server can start a scan');
  });
});
