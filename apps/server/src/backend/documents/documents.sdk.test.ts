import { ID, Permission, Query, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient, sdkFailure } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { signedInClient } from './test/sdk-users.js';

/** The documents API through the official appwrite SDK v28 over real HTTP (backend-api.md §4, §5). */
type Client = Awaited<ReturnType<typeof signedInClient>>;

/** The JSON object a response carries; fails the test when the body is anything else. */
async function jsonObject(res: Response): Promise<Record<string, unknown>> {
  const body: unknown = await res.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`expected a JSON object, got ${JSON.stringify(body)}`);
  }
  return body as Record<string, unknown>;
}

describe.each(ENGINES)('documents through the appwrite SDK on %s', (engine) => {
  let s: TestServer;
  let ada: Client;
  let bob: Client;
  beforeAll(async () => {
    s = await startTestServer(engine);
    ada = await signedInClient(s.baseUrl, 'ada');
    bob = await signedInClient(s.baseUrl, 'bob');
  });
  afterAll(async () => s?.close());

  const db = (c: Client) => c.databases;

  it('creates, gets, lists, updates, upserts and deletes a favourite', async () => {
    const created = await db(ada).createDocument({
      databaseId: 'lyra',
      collectionId: 'Favorite',
      documentId: ID.unique(),
      data: { userId: ada.userId, songId: 'song-1' },
    });
    expect(created).toMatchObject({
      $id: expect.stringMatching(/^[0-9a-f]{20}$/),
      $sequence: expect.stringMatching(/^\d+$/),
      $collectionId: 'Favorite',
      $databaseId: 'lyra',
      $createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/),
      $permissions: [`read("user:${ada.userId}")`, `update("user:${ada.userId}")`, `delete("user:${ada.userId}")`],
      userId: ada.userId,
      songId: 'song-1',
    });
    expect(await db(ada).getDocument({ databaseId: 'lyra', collectionId: 'Favorite', documentId: created.$id })).toEqual(created);

    const list = await db(ada).listDocuments({
      databaseId: 'lyra',
      collectionId: 'Favorite',
      queries: [Query.equal('userId', ada.userId), Query.orderDesc('$createdAt'), Query.limit(150)],
    });
    expect(list).toEqual({ total: 1, documents: [created] });
    expect(await db(ada).listDocuments({ databaseId: 'lyra', collectionId: 'Favorite', total: false })).toMatchObject({
      total: 0,
      documents: [{ $id: created.$id }],
    });

    const pl = await db(ada).createDocument('lyra', 'Playlist', 'unique()', { userId: ada.userId, name: 'Road trip' });
    const renamed = await db(ada).updateDocument({ databaseId: 'lyra', collectionId: 'Playlist', documentId: pl.$id, data: { name: 'Night drive' } });
    expect(renamed).toMatchObject({ $id: pl.$id, name: 'Night drive', userId: ada.userId });
    const upserted = await db(ada).upsertDocument({
      databaseId: 'lyra',
      collectionId: 'Playlist',
      documentId: 'custom-pl',
      data: { userId: ada.userId, name: 'Upserted' },
    });
    expect(upserted).toMatchObject({ $id: 'custom-pl', name: 'Upserted' });

    expect(await db(ada).deleteDocument({ databaseId: 'lyra', collectionId: 'Favorite', documentId: created.$id })).toEqual({ message: '' });
    expect(await sdkFailure(db(ada).getDocument('lyra', 'Favorite', created.$id))).toEqual({
      code: 404,
      type: 'document_not_found',
      message: `Document with the requested ID '${created.$id}' could not be found.`,
    });
  });

  it('pages with cursors, offsets and selects', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await db(bob).createDocument('lyra', 'Favorite', ID.unique(), { userId: bob.userId, songId: `page-${i}` })).$id);
    }
    const mine = Query.equal('userId', bob.userId);
    const first = await db(bob).listDocuments('lyra', 'Favorite', [mine, Query.limit(2)]);
    expect(first.documents.map((d) => d.$id)).toEqual(ids.slice(0, 2));
    expect(first.total).toBe(5);
    const next = await db(bob).listDocuments('lyra', 'Favorite', [mine, Query.limit(2), Query.cursorAfter(ids[1]!)]);
    expect(next.documents.map((d) => d.$id)).toEqual(ids.slice(2, 4));
    const back = await db(bob).listDocuments('lyra', 'Favorite', [mine, Query.limit(2), Query.cursorBefore(ids[4]!)]);
    expect(back.documents.map((d) => d.$id)).toEqual(ids.slice(2, 4));
    const offset = await db(bob).listDocuments('lyra', 'Favorite', [mine, Query.offset(4)]);
    expect(offset.documents.map((d) => d.$id)).toEqual([ids[4]]);
    const sel = await db(bob).listDocuments('lyra', 'Favorite', [mine, Query.select(['songId']), Query.limit(1)]);
    expect(sel.documents[0]).not.toHaveProperty('userId');
    expect(sel.documents[0]).toMatchObject({ songId: 'page-0', $id: ids[0] });
    const or = await db(bob).listDocuments('lyra', 'Favorite', [
      Query.or([Query.equal('songId', 'page-1'), Query.and([Query.startsWith('songId', 'page-'), Query.endsWith('songId', '3')])]),
    ]);
    expect(or.documents.map((d) => d.songId)).toEqual(['page-1', 'page-3']);
  });

  it("answers with Appwrite's error shapes", async () => {
    expect(await sdkFailure(db(ada).listDocuments('nope', 'Favorite'))).toEqual({
      code: 404,
      type: 'database_not_found',
      message: "Database with the requested ID 'nope' could not be found.",
    });
    expect(await sdkFailure(db(ada).listDocuments('lyra', 'Nope'))).toMatchObject({ code: 404, type: 'collection_not_found' });
    expect(await sdkFailure(db(ada).createDocument('lyra', 'Favorite', 'dup-id', { userId: ada.userId, songId: 'a' }).then(() =>
      db(ada).createDocument('lyra', 'Favorite', 'dup-id', { userId: ada.userId, songId: 'b' }),
    ))).toMatchObject({ code: 409, type: 'document_already_exists' });
    expect(await sdkFailure(db(ada).createDocument('lyra', 'Favorite', ID.unique(), { userId: ada.userId, songId: 5 }))).toMatchObject({
      code: 400,
      type: 'document_invalid_structure',
      message: 'Invalid document structure: Attribute "songId" has invalid type. Value must be a valid string and no longer than 64 chars',
    });
    expect(await sdkFailure(db(ada).listDocuments('lyra', 'Favorite', [Query.limit(100000)]))).toMatchObject({
      code: 400,
      type: 'general_query_invalid',
      message: 'Invalid query: limit must be an integer between 0 and 5000, got 100000.',
    });
    expect(await sdkFailure(db(ada).listDocuments('lyra', 'Favorite', ['not json']))).toMatchObject({ code: 400, type: 'general_query_invalid' });
    expect(await sdkFailure(db(ada).listDocuments('lyra', 'Favorite', [Query.cursorAfter('gone')]))).toMatchObject({
      code: 400,
      type: 'general_cursor_not_found',
    });
    expect(
      await sdkFailure(
        db(ada).createDocument('lyra', 'Favorite', ID.unique(), { userId: ada.userId, songId: 'p' }, [Permission.read(Role.user(bob.userId))]),
      ),
    ).toMatchObject({ code: 401, type: 'user_unauthorized', message: expect.stringMatching(/^Permissions must be one of: \(any, user:/) });
    expect(await sdkFailure(db(ada).createDocument('lyra', 'Feedback', ID.unique(), { userName: 'Ada', message: 'meh' }))).toMatchObject({
      code: 400,
      message: 'Invalid document structure: Feedback message must be more than 5 characters',
    });
    const guest = createSdkClient(s.baseUrl);
    expect(await sdkFailure(guest.databases.createDocument('lyra', 'Favorite', ID.unique(), { userId: 'x', songId: 'y' }))).toMatchObject({
      code: 401,
      type: 'user_unauthorized',
    });
  });

  it('keeps one video request per song and 3 per user a day', async () => {
    const req = (c: Client, song: string) =>
      db(c).createDocument('lyra', 'VideoRequest', ID.unique(), { song_id: song, url: `/api/download?name=Song&id=${song}` });
    expect(await req(ada, 'vr-1')).toMatchObject({ song_id: 'vr-1', userId: ada.userId, status: 'queued' });
    expect(await sdkFailure(req(bob, 'vr-1'))).toEqual({ code: 409, type: 'document_already_exists', message: 'Song is already requested for video' });
    await req(ada, 'vr-2');
    await req(ada, 'vr-3');
    expect(await sdkFailure(req(ada, 'vr-4'))).toEqual({
      code: 429,
      type: 'general_rate_limit_exceeded',
      message: 'Rate limit exceeded. You can request 3 videos per day. Try again in 24 hour(s).',
    });
  });

  it('sends Retry-After in seconds with the video request 429', async () => {
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${s.endpoint}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', ...headers },
        body: JSON.stringify(body),
      });
    const email = `carol-${process.pid}@example.com`;
    await post('/account', { userId: 'unique()', email, password: 'password123' });
    const session = await post('/account/sessions/email', { email, password: 'password123' });
    const cookie = session.headers.getSetCookie().find((c) => c.startsWith('a_session_lyra='))!.split(';')[0]!;
    const req = (song: string) =>
      fetch(`${s.endpoint}/databases/lyra/collections/VideoRequest/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', cookie },
        body: JSON.stringify({ documentId: 'unique()', data: { song_id: song, url: `/api/download?name=Song&id=${song}` } }),
      });
    for (const song of ['ra-1', 'ra-2', 'ra-3']) expect((await req(song)).status).toBe(201);
    const res = await req('ra-4');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(86_000);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(86_400);
  });

  it("never lets one user read or change another's favourites, playlists or playlist songs", async () => {
    const fav = await db(ada).createDocument('lyra', 'Favorite', ID.unique(), { userId: ada.userId, songId: 'secret' });
    const pl = await db(ada).createDocument('lyra', 'Playlist', ID.unique(), { userId: ada.userId, name: 'Secret' });
    const link = await db(ada).createDocument('lyra', 'PlaylistSong', ID.unique(), { playlistId: pl.$id, songId: 'secret' });
    const docs = { Favorite: fav, Playlist: pl, PlaylistSong: link } as const;
    const forged = {
      Favorite: Query.equal('userId', ada.userId),
      Playlist: Query.equal('userId', ada.userId),
      PlaylistSong: Query.equal('playlistId', pl.$id),
    } as const;
    for (const [collection, doc] of Object.entries(docs) as [keyof typeof docs, (typeof docs)[keyof typeof docs]][]) {
      expect((await sdkFailure(db(bob).getDocument('lyra', collection, doc.$id))).code).toBe(404);
      expect(await db(bob).listDocuments('lyra', collection, [forged[collection]])).toEqual({ total: 0, documents: [] });
      expect(await db(bob).listDocuments('lyra', collection, [Query.equal('$id', doc.$id)])).toEqual({ total: 0, documents: [] });
      expect(await sdkFailure(db(bob).updateDocument('lyra', collection, doc.$id, {}, [Permission.read(Role.any())]))).toMatchObject({
        code: 401,
        type: 'user_unauthorized',
      });
      expect((await sdkFailure(db(bob).deleteDocument('lyra', collection, doc.$id))).code).toBe(401);
      expect(await db(ada).getDocument('lyra', collection, doc.$id)).toEqual(doc);
    }
    expect((await sdkFailure(db(bob).createDocument('lyra', 'PlaylistSong', ID.unique(), { playlistId: pl.$id, songId: 'mine' }))).code).toBe(404);
  });

  it('serves the same storage as TablesDB rows', async () => {
    const t = ada.tablesDB;
    const row = await t.createRow({ databaseId: 'lyra', tableId: 'Playlist', rowId: ID.unique(), data: { userId: ada.userId, name: 'Rows' } });
    expect(Object.keys(row).slice(0, 4)).toEqual(['$id', '$sequence', '$tableId', '$databaseId']);
    expect(row).toMatchObject({ $tableId: 'Playlist', name: 'Rows' });
    expect(row).not.toHaveProperty('$collectionId');
    expect(await t.getRow({ databaseId: 'lyra', tableId: 'Playlist', rowId: row.$id })).toEqual(row);
    const list = await t.listRows({ databaseId: 'lyra', tableId: 'Playlist', queries: [Query.equal('name', 'Rows')] });
    expect(list).toEqual({ total: 1, rows: [row] });
    expect(await t.updateRow({ databaseId: 'lyra', tableId: 'Playlist', rowId: row.$id, data: { name: 'Rows 2' } })).toMatchObject({ name: 'Rows 2' });
    expect(await t.upsertRow({ databaseId: 'lyra', tableId: 'Playlist', rowId: 'row-put', data: { userId: ada.userId, name: 'Put' } })).toMatchObject({
      $id: 'row-put',
      $tableId: 'Playlist',
    });
    // Documents and rows are one store.
    expect((await db(ada).getDocument('lyra', 'Playlist', 'row-put')).name).toBe('Put');
    await t.deleteRow({ databaseId: 'lyra', tableId: 'Playlist', rowId: row.$id });
    expect(await sdkFailure(t.getRow({ databaseId: 'lyra', tableId: 'Playlist', rowId: row.$id }))).toEqual({
      code: 404,
      type: 'row_not_found',
      message: `Row with the requested ID '${row.$id}' could not be found.`,
    });
    expect(await sdkFailure(t.listRows({ databaseId: 'lyra', tableId: 'Nope' }))).toMatchObject({ code: 404, type: 'table_not_found' });
    expect(await sdkFailure(t.createRow({ databaseId: 'lyra', tableId: 'Playlist', rowId: '_bad', data: { userId: ada.userId } }))).toMatchObject({
      code: 400,
      message: expect.stringContaining('Invalid `rowId` param'),
    });
  });

  describe('raw HTTP forms the SDK does not produce', () => {
    const url = (path: string) => `${s.endpoint}${path}`;
    const call = (path: string, init: RequestInit = {}) =>
      ada.browser.fetch(url(path), {
        credentials: 'include',
        ...init,
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', ...init.headers },
      });

    it('names a missing documentId or data', async () => {
      const res = await call('/databases/lyra/collections/Favorite/documents', { method: 'POST', body: JSON.stringify({ data: { songId: 'x' } }) });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Missing required parameter: "documentId"', code: 400, type: 'general_argument_invalid', version: '1.9.6' });
      const res2 = await call('/databases/lyra/collections/Favorite/documents', { method: 'POST', body: JSON.stringify({ documentId: 'unique()' }) });
      expect((await jsonObject(res2)).message).toBe('Missing required parameter: "data"');
    });

    it('accepts the literal unique() and queries[] / repeated queries', async () => {
      const res = await call('/databases/lyra/collections/Favorite/documents', {
        method: 'POST',
        body: JSON.stringify({ documentId: 'unique()', data: { userId: ada.userId, songId: 'raw-1' } }),
      });
      expect(res.status).toBe(201);
      expect((await jsonObject(res)).$id).toMatch(/^[0-9a-f]{20}$/);
      const q = encodeURIComponent(Query.equal('songId', 'raw-1'));
      for (const form of [`queries[]=${q}`, `queries=${q}`, `queries%5B0%5D=${q}`]) {
        const list = await call(`/databases/lyra/collections/Favorite/documents?${form}`);
        const { documents } = await jsonObject(list);
        expect(documents).toEqual([expect.objectContaining({ songId: 'raw-1' })]);
      }
    });

    it('refuses bodies over 1 MB with 413 before parsing them', async () => {
      const res = await call('/databases/lyra/collections/Feedback/documents', {
        method: 'POST',
        body: JSON.stringify({ documentId: 'unique()', data: { userName: 'Ada', message: 'x'.repeat(1_100_000) } }),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 413, type: 'general_argument_invalid', message: 'The request body is larger than 1048576 bytes.' });
    });

    it('refuses bad JSON bodies and bad booleans with 400, never 500', async () => {
      const bad = await call('/databases/lyra/collections/Favorite/documents', { method: 'POST', body: '{"documentId":' });
      expect(bad.status).toBe(400);
      expect((await jsonObject(bad)).type).toBe('general_argument_invalid');
      const total = await call('/databases/lyra/collections/Favorite/documents?total=maybe');
      expect(total.status).toBe(400);
      const tx = await call('/databases/lyra/collections/Favorite/documents?transactionId=t1');
      expect(tx.status).toBe(501);
    });
  });
});
