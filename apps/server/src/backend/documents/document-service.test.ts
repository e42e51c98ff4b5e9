import { Permission, Query, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { AppwriteError } from '../http/errors.js';
import { guestCaller, serviceFixture, userCaller, type ServiceFixture } from './test/service-fixture.js';

const A = userCaller('userA');
const B = userCaller('userB');

/** The Appwrite error a call rejects with, as the client would see it. */
async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppwriteError) return { code: e.code, type: e.type, message: e.message };
    throw e;
  }
  throw new Error('expected a failure');
}

describe.each(ENGINES)('documents on %s', (engine) => {
  let f: ServiceFixture;
  beforeAll(async () => {
    f = await serviceFixture(engine);
  });
  afterAll(async () => f?.close());

  const fav = (songId: string, id = 'unique()', caller = A) =>
    f.service.create(caller, 'lyra', 'Favorite', { documentId: id, data: { userId: caller.userId, songId } });

  it('creates a document with the exact Appwrite model and creator-only permissions', async () => {
    const doc = await fav('song-1', 'fav1');
    expect(doc).toEqual({
      $id: 'fav1',
      $sequence: expect.stringMatching(/^\d+$/),
      $collectionId: 'Favorite',
      $databaseId: 'lyra',
      $createdAt: '2026-01-02T03:04:05.678+00:00',
      $updatedAt: '2026-01-02T03:04:05.678+00:00',
      $permissions: ['read("user:userA")', 'update("user:userA")', 'delete("user:userA")'],
      userId: 'userA',
      songId: 'song-1',
    });
    expect(Object.keys(doc).slice(0, 7)).toEqual(['$id', '$sequence', '$collectionId', '$databaseId', '$createdAt', '$updatedAt', '$permissions']);
  });

  it('publishes a create event readable by the creator only', () => {
    const e = f.events.find((x) => x.payload.$id === 'fav1')!;
    expect(e.events[0]).toBe('databases.lyra.collections.Favorite.documents.fav1.create');
    expect(e.events).toContain('databases.*.collections.*.documents.*.create');
    expect(e.events).toHaveLength(42);
    expect(e.channels).toContain('databases.lyra.collections.Favorite.documents');
    expect(e.channels).toContain('documents');
    expect(e.roles).toEqual(['user:userA']);
    expect(e.timestamp).toBe('2026-01-02T03:04:05.678+00:00');
    expect(e.payload.songId).toBe('song-1');
  });

  it('makes 20-hex ids for unique() and refuses malformed ids', async () => {
    expect((await fav('song-2')).$id).toMatch(/^[0-9a-f]{20}$/);
    for (const bad of ['_x', '-x', '.x', 'a'.repeat(37), 'has space', 'ü', '', 5]) {
      expect(await failure(fav('song-3', bad as string))).toMatchObject({
        code: 400,
        type: 'general_argument_invalid',
        message: expect.stringContaining('Invalid `documentId` param: UID must contain at most 36 chars'),
      });
    }
    expect((await fav('song-3', 'A.b-c_9')).$id).toBe('A.b-c_9');
  });

  it('refuses a taken id with 409 document_already_exists', async () => {
    expect(await failure(fav('song-4', 'fav1'))).toEqual({
      code: 409,
      type: 'document_already_exists',
      message: "Document with the requested ID 'fav1' already exists. Try again with a different ID or use ID.unique() to generate a unique ID.",
    });
  });

  it.each([
    ['an unknown attribute', { userId: 'userA', songId: 's', extra: 1 }, 'Invalid document structure: Unknown attribute: "extra"'],
    ['a missing required attribute', { userId: 'userA' }, 'Invalid document structure: Missing required attribute "songId"'],
    ['null for a required attribute', { userId: 'userA', songId: null }, 'Invalid document structure: Missing required attribute "songId"'],
    ['a wrong type', { userId: 'userA', songId: 5 }, 'Invalid document structure: Attribute "songId" has invalid type. Value must be a valid string and no longer than 64 chars'],
    ['a too long string', { userId: 'userA', songId: 'x'.repeat(65) }, 'Attribute "songId" has invalid type. Value must be a valid string and no longer than 64 chars'],
    ['data that is not an object', ['userA'], 'Invalid document structure: data must be a JSON object'],
  ])('refuses data with %s (400 document_invalid_structure)', async (_name, data, message) => {
    const e = await failure(f.service.create(A, 'lyra', 'Favorite', { documentId: 'unique()', data }));
    expect(e).toMatchObject({ code: 400, type: 'document_invalid_structure' });
    expect(e.message).toContain(message);
  });

  it('refuses empty data with document_missing_data', async () => {
    expect(await failure(f.service.create(A, 'lyra', 'Favorite', { documentId: 'unique()', data: {} }))).toEqual({
      code: 400,
      type: 'document_missing_data',
      message: 'The document data is missing. Try again with document data populated',
    });
  });

  it('accepts data as a JSON string and ignores echoed $ metadata', async () => {
    const doc = await f.service.create(A, 'lyra', 'Playlist', {
      documentId: 'unique()',
      data: JSON.stringify({ userId: 'userA', name: 'Road', $id: 'ignored', $collectionId: 'x' }),
    });
    expect(doc).toMatchObject({ name: 'Road', $collectionId: 'Playlist' });
    expect(doc.$id).not.toBe('ignored');
  });

  it('fills optional attributes with their default', async () => {
    const doc = await f.service.create(A, 'lyra', 'Playlist', { documentId: 'unique()', data: { userId: 'userA' } });
    expect(doc.name).toBe('');
  });

  it('stores permissions the caller may grant, write expanded', async () => {
    const doc = await f.service.create(A, 'lyra', 'Playlist', {
      documentId: 'shared',
      data: { userId: 'userA', name: 'Shared' },
      permissions: [Permission.read(Role.users()), Permission.write(Role.user('userA'))],
    });
    expect(doc.$permissions).toEqual(['read("users")', 'update("user:userA")', 'delete("user:userA")']);
    expect((await f.service.get(B, 'lyra', 'Playlist', 'shared', [])).name).toBe('Shared');
  });

  it('refuses permissions for roles the caller does not hold', async () => {
    const e = await failure(
      f.service.create(A, 'lyra', 'Favorite', {
        documentId: 'unique()',
        data: { userId: 'userA', songId: 'x' },
        permissions: [Permission.read(Role.user('userB'))],
      }),
    );
    expect(e).toEqual({
      code: 401,
      type: 'user_unauthorized',
      message: 'Permissions must be one of: (any, user:userA, users, user:userA/unverified, users/unverified)',
    });
  });

  it('refuses guests and collections that do not let clients create', async () => {
    expect(await failure(f.service.create(guestCaller, 'lyra', 'Favorite', { documentId: 'unique()', data: { userId: 'x', songId: 'y' } }))).toMatchObject({
      code: 401,
      type: 'user_unauthorized',
    });
    expect(
      await failure(f.service.create(A, 'lyra', 'VideoPreview', { documentId: 'unique()', data: { song_id: 's', aws_url: 'u' } })),
    ).toMatchObject({ code: 401, type: 'user_unauthorized' });
  });

  it("answers unknown databases, collections and documents with Appwrite's 404s", async () => {
    expect(await failure(f.service.get(A, 'nope', 'Favorite', 'x', []))).toEqual({
      code: 404,
      type: 'database_not_found',
      message: "Database with the requested ID 'nope' could not be found.",
    });
    expect(await failure(f.service.list(A, 'lyra', 'Nope', [], true))).toEqual({
      code: 404,
      type: 'collection_not_found',
      message: "Collection with the requested ID 'Nope' could not be found.",
    });
    expect(await failure(f.service.get(A, 'lyra', 'Favorite', 'missing', []))).toEqual({
      code: 404,
      type: 'document_not_found',
      message: "Document with the requested ID 'missing' could not be found.",
    });
  });

  it('gets a document, trimmed by select', async () => {
    const doc = await f.service.get(A, 'lyra', 'Favorite', 'fav1', [Query.select(['songId'])]);
    expect(doc).toMatchObject({ $id: 'fav1', $permissions: expect.any(Array), songId: 'song-1' });
    expect(doc).not.toHaveProperty('userId');
  });

  it('lists with total, limit 25 by default, and total 0 when total=false', async () => {
    for (let i = 0; i < 30; i++) await fav(`bulk-${i}`, undefined, B);
    const page = await f.service.list(B, 'lyra', 'Favorite', [Query.equal('userId', 'userB')], true);
    expect(page.total).toBe(30);
    expect(page.documents).toHaveLength(25);
    expect(page.documents[0]!.songId).toBe('bulk-0');
    const noTotal = await f.service.list(B, 'lyra', 'Favorite', [Query.limit(2)], false);
    expect(noTotal).toMatchObject({ total: 0, documents: [{}, {}] });
    const rest = await f.service.list(B, 'lyra', 'Favorite', [Query.cursorAfter(page.documents[24]!.$id)], true);
    expect(rest.documents.map((d) => d.songId)).toEqual(['bulk-25', 'bulk-26', 'bulk-27', 'bulk-28', 'bulk-29']);
    expect(rest.total).toBe(30);
    const past = await f.service.list(B, 'lyra', 'Favorite', [Query.offset(40)], true);
    expect(past).toEqual({ total: 30, documents: [] });
  });

  it('refuses an unknown or unreadable cursor with 400 general_cursor_not_found', async () => {
    expect(await failure(f.service.list(B, 'lyra', 'Favorite', [Query.cursorAfter('nope')], true))).toEqual({
      code: 400,
      type: 'general_cursor_not_found',
      message: "Cursor document with the requested ID 'nope' could not be found.",
    });
    expect((await failure(f.service.list(B, 'lyra', 'Favorite', [Query.cursorAfter('fav1')], true))).type).toBe('general_cursor_not_found');
  });

  it('passes query errors through as 400 general_query_invalid', async () => {
    expect(await failure(f.service.list(A, 'lyra', 'Favorite', [Query.equal('owner', 'x')], true))).toMatchObject({
      code: 400,
      type: 'general_query_invalid',
      message: 'Invalid query: Attribute not found in schema: owner',
    });
  });

  it('updates partially, bumps $updatedAt and keeps permissions when omitted', async () => {
    const created = await f.service.create(A, 'lyra', 'Playlist', { documentId: 'pl-up', data: { userId: 'userA', name: 'Old' } });
    f.clock.now += 1000;
    const updated = await f.service.update(A, 'lyra', 'Playlist', 'pl-up', { data: { name: 'New' } });
    expect(updated).toMatchObject({ name: 'New', userId: 'userA', $permissions: created.$permissions, $sequence: created.$sequence });
    expect(updated.$createdAt).toBe(created.$createdAt);
    expect(updated.$updatedAt).toBe('2026-01-02T03:04:06.678+00:00');
    expect((await f.service.update(A, 'lyra', 'Playlist', 'pl-up', { data: { name: 'New' }, permissions: null })).$permissions).toEqual(
      created.$permissions,
    );
    const perms = await f.service.update(A, 'lyra', 'Playlist', 'pl-up', { permissions: [Permission.read(Role.user('userA'))] });
    expect(perms).toMatchObject({ name: 'New', $permissions: ['read("user:userA")'] });
    expect(f.events.at(-1)!.events[0]).toBe('databases.lyra.collections.Playlist.documents.pl-up.update');
    // Without update permission now, even the creator is refused.
    expect((await failure(f.service.update(A, 'lyra', 'Playlist', 'pl-up', { data: { name: 'x' } }))).code).toBe(401);
  });

  it('refuses an update without data or permissions', async () => {
    expect(await failure(f.service.update(A, 'lyra', 'Favorite', 'fav1', { data: {} }))).toEqual({
      code: 400,
      type: 'document_missing_payload',
      message: 'The document data and permissions are missing. You must provide either document data or permissions to be updated.',
    });
  });

  it('upserts: creates with the path id, then updates', async () => {
    const first = await f.service.upsert(A, 'lyra', 'Playlist', 'pl-put', { data: { userId: 'userA', name: 'One' } });
    expect(first).toMatchObject({ created: true, document: { $id: 'pl-put', name: 'One' } });
    const second = await f.service.upsert(A, 'lyra', 'Playlist', 'pl-put', { data: { name: 'Two' } });
    expect(second).toMatchObject({ created: false, document: { $id: 'pl-put', name: 'Two', userId: 'userA' } });
    expect(f.events.at(-1)!.events[0]).toBe('databases.lyra.collections.Playlist.documents.pl-put.upsert');
    expect((await failure(f.service.upsert(B, 'lyra', 'Playlist', 'pl-put', { data: { name: 'Mine' } }))).code).toBe(401);
  });

  it('deletes with a delete event carrying the document', async () => {
    await fav('gone', 'fav-del');
    await f.service.remove(A, 'lyra', 'Favorite', 'fav-del');
    const e = f.events.at(-1)!;
    expect(e.events[0]).toBe('databases.lyra.collections.Favorite.documents.fav-del.delete');
    expect(e.payload).toMatchObject({ $id: 'fav-del', songId: 'gone' });
    expect(await failure(f.service.get(A, 'lyra', 'Favorite', 'fav-del', []))).toMatchObject({ code: 404 });
    expect(await failure(f.service.remove(A, 'lyra', 'Favorite', 'fav-del'))).toMatchObject({ code: 404, type: 'document_not_found' });
  });

  it('lets anyone read public collections, and no client write them', async () => {
    await f.t.db.query(
      `insert into doc_video_preview ("$id", "$createdAt", "$updatedAt", song_id, aws_url) values ('vp1', now(), now(), 'song-v', 'https://x/v.mp4')`,
    );
    const list = await f.service.list(guestCaller, 'lyra', 'VideoPreview', [Query.equal('song_id', 'song-v'), Query.limit(1)], true);
    expect(list).toMatchObject({ total: 1, documents: [{ $id: 'vp1', aws_url: 'https://x/v.mp4', audio_url: null }] });
    expect((await failure(f.service.update(A, 'lyra', 'VideoPreview', 'vp1', { data: { aws_url: 'y' } }))).code).toBe(401);
    expect((await failure(f.service.remove(A, 'lyra', 'VideoPreview', 'vp1'))).code).toBe(401);
  });
});
