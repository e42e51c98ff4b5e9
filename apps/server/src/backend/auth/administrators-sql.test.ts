import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { adminStore } from '../accounts/admin.store.js';
import { invitationsStore } from '../accounts/invitations.store.js';
import { usersStore } from '../accounts/users.store.js';
import { loadSchema } from '../schema/appwrite-schema.js';

/** The SQL of administrators and invitations (accounts/admin.store.ts, invitations.store.ts) on both engines. */
describe.each(ENGINES)('administrators and invitations in SQL (%s)', (engine) => {
  let t: TestDb;
  const at = new Date('2026-05-01T10:00:00Z');
  const newUser = (id: string, email: string | null) => usersStore(t.db).insert({ id, email, name: id, passwordHash: null, emailVerification: false, at });

  beforeAll(async () => {
    t = await createTestDb(engine);
    await migrate(t.db, 'backend');
  });
  afterAll(async () => t?.drop());

  it('gives the admin label to one of several first accounts made at once, and never to an anonymous one', async () => {
    expect((await newUser('anon', null))!.labels).toEqual([]);
    const made = await Promise.all(['a', 'b', 'c', 'd'].map((id) => newUser(id, `${id}@example.com`)));
    expect(made.filter((u) => u!.labels.includes('admin'))).toHaveLength(1);
    expect((await newUser('e', 'e@example.com'))!.labels).toEqual([]);
    expect(await adminStore(t.db).claimed()).toBe(true);
    expect(await adminStore(t.db).countAdmins()).toBe(1);
  });

  it('promotes and demotes without duplicating or losing other labels', async () => {
    const store = adminStore(t.db);
    await t.db.query("update users set labels = '{vip}' where id = 'e'");
    expect((await store.setAdmin('e', true, at))!.labels.sort()).toEqual(['admin', 'vip']);
    expect((await store.setAdmin('e', true, at))!.labels.sort()).toEqual(['admin', 'vip']);
    expect((await store.setAdmin('e', false, at))!.labels).toEqual(['vip']);
    expect(await store.setAdmin('nobody', true, at)).toBeNull();
  });

  it('lets one invitation be taken only as many times as it allows, even at once, and not once expired', async () => {
    const store = invitationsStore(t.db);
    await store.insert({ id: 'i1', secretHash: 'h1', maxUses: 2, expire: new Date(at.getTime() + 3_600_000), createdBy: 'a', at });
    const taken = await Promise.all([1, 2, 3, 4, 5].map(() => store.take('h1', at)));
    expect(taken.filter(Boolean)).toHaveLength(2);
    await store.giveBack('i1');
    expect(await store.take('h1', new Date(at.getTime() + 3_600_000))).toBeNull();
    expect(await store.take('h1', at)).toMatchObject({ id: 'i1', used: 2, max_uses: 2 });
    expect(await store.take('nope', at)).toBeNull();
    expect(await store.bySecret('h1')).toMatchObject({ used: 2 });
  });

  it("deletes a user with the documents they own and leaves others' documents", async () => {
    const doc = (id: string, userId: string) =>
      t.db.query(
        `insert into doc_favorite ("$id", "$createdAt", "$updatedAt", "$permissions", "userId", "songId") values ($1, now(), now(), $2, $3, 's')`,
        [id, [`read("user:${userId}")`, `update("user:${userId}")`, `delete("user:${userId}")`], userId],
      );
    await doc('f1', 'b');
    await doc('f2', 'c');
    expect(await t.db.transaction((tx) => adminStore(tx).deleteUser('b', loadSchema()))).toBe(true);
    expect((await t.db.query<{ id: string }>('select "$id" as id from doc_favorite')).map((r) => r.id)).toEqual(['f2']);
    expect(await usersStore(t.db).byId('b')).toBeNull();
    expect(await adminStore(t.db).deleteUser('b', loadSchema())).toBe(false);
  });
});
