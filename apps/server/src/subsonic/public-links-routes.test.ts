import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStore } from '../backend/module.js';
import { signedInClient } from '../backend/documents/test/sdk-users.js';
import { createSdkClient, type SdkClient } from '../backend/test/sdk.js';
import { startTestServer, type TestServer } from '../backend/test/server.js';
import { ENGINES } from '../test/db.js';
import { SHARE_NOT_FOUND } from './share-access.js';
import { startServerHarness, type Harness } from './test/harness.js';

type Json = Record<string, unknown>;
type User = SdkClient & { userId: string; email: string };

const call = async (base: string, who: SdkClient | null, path: string, method = 'GET', body?: unknown) => {
  const init: RequestInit = { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) };
  const res = who ? await who.browser.fetch(`${base}/subsonic/shares${path}`, init) : await fetch(`${base}/subsonic/shares${path}`, init);
  return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as Json) };
};

/** The web app's public links: made, listed, changed and revoked over the listener's backend session. */
describe.each(ENGINES)("the web app's public links (%s)", (engine) => {
  let h: Harness & { t: TestServer };
  let ada: User;
  let bob: User;
  let songId = '';
  let albumId = '';
  let albumName = '';

  beforeAll(async () => {
    h = await startServerHarness(engine);
    ada = await signedInClient(h.t.baseUrl, 'ada');
    bob = await signedInClient(h.t.baseUrl, 'bob');
    const [track] = await h.t.testDb.db.query<{ id: string; album_id: string }>('select id, album_id from tracks order by id limit 1');
    songId = track!.id;
    albumId = track!.album_id;
    albumName = (await h.t.testDb.db.query<{ name: string }>('select name from albums where id = $1', [albumId]))[0]!.name;
  });
  afterAll(async () => h?.close());

  const api = (who: SdkClient | null, path: string, method = 'GET', body?: unknown) => call(h.t.baseUrl, who, path, method, body);

  it('refuses guests in Appwrite’s error shape', async () => {
    const res = await api(null, '');
    expect(res).toEqual({ status: 401, body: { message: 'User (role: guests) missing scopes (["account"])', code: 401, type: 'general_unauthorized_scope', version: expect.any(String) } });
    expect((await api(null, '', 'POST', { id: songId })).status).toBe(401);
  });

  it('refuses an anonymous session: it has no email to share as', async () => {
    const guest = createSdkClient(h.t.baseUrl);
    await guest.account.createAnonymousSession();
    expect((await api(guest, '')).body).toEqual({ mayShare: false, shares: [] });
    expect(await api(guest, '', 'POST', { id: songId })).toEqual({
      status: 403,
      body: { message: 'Sign in with an email to make public links.', code: 403, type: 'user_unauthorized', version: expect.any(String) },
    });
  });

  it('makes a link to an album with an expiry and a quality cap that opens its songs; its maker lists it', async () => {
    const before = Date.now();
    const made = await api(ada, '', 'POST', { id: albumId, expires: 'week', maxBitRate: 96, description: 'For the ferry' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ url: `${h.t.baseUrl}/share/${String(made.body!.id)}`, description: 'For the ferry', maxBitRate: 96, visitCount: 0, owner: ada.email });
    expect(made.body!.what).toEqual({ kind: 'album', name: albumName, songCount: expect.any(Number) });
    const expires = Date.parse(String(made.body!.expires));
    expect(expires).toBeGreaterThanOrEqual(before + 7 * 86_400_000);
    const opened = await fetch(`${h.t.baseUrl}/api/shares/${String(made.body!.id)}`);
    expect(opened.status).toBe(200);
    const songs = ((await opened.json()) as { data: { songs: { id: string; url: string }[] } }).data.songs;
    expect(songs.map((s) => s.id)).toContain(songId);
    expect(songs[0]!.url).toMatch(/\/media\/[^/]+\/96\.mp4\?share=/);
    const listed = await api(ada, '');
    expect(listed.body).toMatchObject({ mayShare: true, shares: [{ id: made.body!.id, visitCount: 1 }] });
    expect((await api(bob, '')).body).toEqual({ mayShare: true, shares: [] });
  });

  it('makes a link to a song that never expires, and one to a playlist only its reader may share', async () => {
    const song = await api(bob, '', 'POST', { id: songId, expires: 'never' });
    expect(song.body).toMatchObject({ expires: null, maxBitRate: null, what: { kind: 'song', songCount: 1 } });
    const list = await ada.databases.createDocument('lyra', 'Playlist', ID.unique(), { userId: ada.userId, name: 'Night bus' });
    await ada.databases.createDocument('lyra', 'PlaylistSong', ID.unique(), { playlistId: list.$id, songId });
    const mine = await api(ada, '', 'POST', { id: list.$id, expires: 'day' });
    expect(mine.body).toMatchObject({ what: { kind: 'playlist', name: 'Night bus', songCount: 1 } });
    expect(await api(bob, '', 'POST', { id: list.$id })).toEqual({
      status: 404,
      body: { message: 'No song, album or playlist of yours with this id.', code: 404, type: 'share_item_not_found', version: expect.any(String) },
    });
  });

  it('refuses an expiry in the past, an unknown one and a cap that is not a tier', async () => {
    for (const body of [{ id: songId, expires: '2001-01-01' }, { id: songId, expires: 'fortnight' }, { id: songId, maxBitRate: 100 }, { expires: 'day' }]) {
      const res = await api(ada, '', 'POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    }
  });

  it('changes a link’s expiry and description; another listener can neither change nor revoke it', async () => {
    const made = await api(ada, '', 'POST', { id: songId });
    const id = String(made.body!.id);
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const changed = await api(ada, `/${id}`, 'PATCH', { expires: at, description: 'Tuesday' });
    expect(changed.body).toMatchObject({ id, expires: at, description: 'Tuesday' });
    expect((await api(bob, `/${id}`, 'PATCH', { expires: 'never' })).status).toBe(404);
    expect((await api(bob, `/${id}`, 'DELETE')).body).toMatchObject({ code: 404, type: 'share_not_found' });
    expect((await api(ada, `/${id}`, 'PATCH', { expires: 'never' })).body).toMatchObject({ expires: null, description: 'Tuesday' });
  });

  it('revokes a link: it stops opening at once', async () => {
    const id = String((await api(ada, '', 'POST', { id: songId })).body!.id);
    expect((await fetch(`${h.t.baseUrl}/api/shares/${id}`)).status).toBe(200);
    expect(await api(ada, `/${id}`, 'DELETE')).toEqual({ status: 204, body: null });
    const gone = await fetch(`${h.t.baseUrl}/api/shares/${id}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ success: false, message: SHARE_NOT_FOUND });
    expect(((await api(ada, '')).body!.shares as Json[]).map((s) => s.id)).not.toContain(id);
  });

  it('lists every account’s links to an administrator who asks, and refuses the others', async () => {
    expect(await api(bob, '?all=true')).toEqual({
      status: 403,
      body: { message: 'Only an administrator of this server can do this.', code: 403, type: 'user_unauthorized', version: expect.any(String) },
    });
    await adminStore(h.t.testDb.db).setAdmin(bob.userId, true, new Date());
    const all = (await api(bob, '?all=true')).body!.shares as Json[];
    expect(new Set(all.map((s) => s.owner))).toEqual(new Set([ada.email, bob.email]));
    // Oldest first, each as its maker lists it.
    expect(all.map((s) => s.created)).toEqual(all.map((s) => String(s.created)).sort());
    const adasOwn = (await api(ada, '')).body!.shares as Json[];
    expect(all.filter((s) => s.owner === ada.email)).toEqual(adasOwn);
    // Without all=true an administrator lists only their own.
    expect(((await api(bob, '')).body!.shares as Json[]).every((s) => s.owner === bob.email)).toBe(true);

    const adas = all.find((s) => s.owner === ada.email)!;
    expect((await fetch(`${h.t.baseUrl}/api/shares/${String(adas.id)}`)).status).toBe(200);
    expect((await api(bob, `/${String(adas.id)}`, 'DELETE')).status).toBe(204);
    // Revoked by the administrator: it stops opening at once, and its maker no longer lists it.
    const gone = await fetch(`${h.t.baseUrl}/api/shares/${String(adas.id)}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ success: false, message: SHARE_NOT_FOUND });
    expect(((await api(ada, '')).body!.shares as Json[]).map((s) => s.id)).not.toContain(adas.id);
    // A listener who is not an administrator still cannot revoke another's.
    const bobs = all.find((s) => s.owner === bob.email)!;
    expect((await api(ada, `/${String(bobs.id)}`, 'DELETE')).body).toMatchObject({ code: 404, type: 'share_not_found' });
  });
});

/** SHARES=admins: a listener is told they may not share, and their link is refused with a 403. */
describe.each(ENGINES)('public links made by administrators only (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine, { SHARES: 'admins' }, ['catalogue', 'backend']);
    await t.testDb.db.query('insert into admin_claim (one) values (true) on conflict do nothing');
  });
  afterAll(async () => t?.close());

  it('refuses a listener in Appwrite’s shape', async () => {
    const ada = await signedInClient(t.baseUrl, 'ada');
    expect((await call(t.baseUrl, ada, '')).body).toEqual({ mayShare: false, shares: [] });
    expect(await call(t.baseUrl, ada, '', 'POST', { id: 'anything' })).toEqual({
      status: 403,
      body: { message: 'Only an administrator of this server can make public links.', code: 403, type: 'user_unauthorized', version: expect.any(String) },
    });
    await adminStore(t.testDb.db).setAdmin(ada.userId, true, new Date());
    expect((await call(t.baseUrl, ada, '')).body).toEqual({ mayShare: true, shares: [] });
  });
});
