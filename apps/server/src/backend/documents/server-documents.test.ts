import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { usersStore } from '../accounts/users.store.js';
import { AppwriteError } from '../http/errors.js';
import type { BackendEvent, EventBus } from '../realtime/event-bus.js';
import { loadSchema } from '../schema/appwrite-schema.js';
import { createServerDocuments, serverQuery as q, type ServerDocuments } from './server-documents.js';

describe.each(ENGINES)('documents written by the server as a user (%s)', (engine) => {
  let t: TestDb;
  let docs: ServerDocuments;
  const events: BackendEvent[] = [];

  beforeAll(async () => {
    t = await createTestDb(engine);
    await migrate(t.db, 'backend');
    const users = usersStore(t.db);
    for (const id of ['ada', 'bob', 'blocked']) {
      await users.insert({ id, email: `${id}@example.org`, name: id, passwordHash: null, emailVerification: false, at: new Date() });
    }
    await t.db.query(`update users set status = false where id = 'blocked'`);
    const bus: EventBus = { publish: async (e) => void events.push(e), subscribe: () => () => {}, start: async () => {}, stop: async () => {} };
    docs = createServerDocuments({ db: t.db, log: silentLogger, now: Date.now, schema: loadSchema(), events: bus });
  });
  afterAll(async () => t?.drop());

  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof AppwriteError ? { code: e.code, type: e.type } : e),
    );

  it('acts only for accounts that exist and are not blocked', async () => {
    expect(await docs.as('nobody')).toBeNull();
    expect(await docs.as('blocked')).toBeNull();
    expect((await docs.as('ada'))?.userId).toBe('ada');
  });

  it("writes with the user's default permissions and publishes the realtime event", async () => {
    const ada = (await docs.as('ada'))!;
    const before = events.length;
    const fav = await ada.create('Favorite', { userId: 'ada', songId: 's1' });
    expect(fav).toMatchObject({ $collectionId: 'Favorite', $databaseId: 'lyra', userId: 'ada', songId: 's1' });
    expect(fav.$permissions).toEqual(['read("user:ada")', 'update("user:ada")', 'delete("user:ada")']);
    expect(events.slice(before).map((e) => e.events[0])).toEqual([`databases.lyra.collections.Favorite.documents.${fav.$id}.create`]);
    expect(events.at(-1)!.roles).toContain('user:ada');
    expect((await ada.list('Favorite', [q.equal('songId', ['s1'])])).map((d) => d.$id)).toEqual([fav.$id]);
    await ada.remove('Favorite', fav.$id);
    expect(events.at(-1)!.events[0]).toBe(`databases.lyra.collections.Favorite.documents.${fav.$id}.delete`);
  });

  it("applies the collections' rules and permissions as the /v1 routes do", async () => {
    const ada = (await docs.as('ada'))!;
    const bob = (await docs.as('bob'))!;
    expect(await refusal(bob.create('Favorite', { userId: 'ada', songId: 's2' }))).toEqual({ code: 401, type: 'user_unauthorized' });
    await ada.create('Favorite', { userId: 'ada', songId: 's2' });
    expect(await refusal(ada.create('Favorite', { userId: 'ada', songId: 's2' }))).toEqual({ code: 409, type: 'document_already_exists' });
    const list = await ada.create('Playlist', { userId: 'ada', name: 'Mine' });
    expect(await refusal(bob.get('Playlist', list.$id))).toEqual({ code: 404, type: 'document_not_found' });
    expect(await refusal(bob.remove('Playlist', list.$id))).toEqual({ code: 401, type: 'user_unauthorized' });
    expect(await refusal(bob.create('PlaylistSong', { playlistId: list.$id, songId: 's1' }))).toEqual({ code: 404, type: 'document_not_found' });
    expect(await bob.list('Playlist', [])).toEqual([]);
    expect(await refusal(ada.create('Playlist', { userId: 'ada', name: 'x'.repeat(300) }))).toEqual({ code: 400, type: 'document_invalid_structure' });
    const shared = await ada.update('Playlist', list.$id, { name: 'Shared' }, ['read("user:ada")', 'update("user:ada")', 'delete("user:ada")', 'read("users")']);
    expect((await bob.get('Playlist', list.$id)).name).toBe('Shared');
    expect(await refusal(bob.update('Playlist', list.$id, { name: 'Taken' }))).toEqual({ code: 401, type: 'user_unauthorized' });
    expect(shared.$permissions).toContain('read("users")');
  });
});
