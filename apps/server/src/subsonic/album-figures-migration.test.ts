import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTrack } from '../catalogue/test/factory.js';
import { migrate, MIGRATIONS_DIR } from '../db/migrate.js';
import { createTestDb, ENGINES, type TestDb } from '../test/db.js';

/** A folder with the module's migrations named before `upTo`: the schema as it was. */
async function migrationsBefore(module: string, upTo: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lyra-migrations-'));
  for (const f of await readdir(MIGRATIONS_DIR + module)) {
    if (f.endsWith('.sql') && f < upTo) await copyFile(join(MIGRATIONS_DIR + module, f), join(dir, f));
  }
  return dir;
}

describe.each(ENGINES)('album list figures on a catalogue that had albums and plays already (%s)', (engine) => {
  let t: TestDb | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await t?.drop();
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('takes the earliest track scan as first seen, and counts its songs’ plays and the plays recorded before', async () => {
    t = await createTestDb(engine);
    const db = t.db;
    dirs.push(await migrationsBefore('catalogue', '0400'), await migrationsBefore('subsonic/catalogue', '0002'));
    await migrate(db, 'catalogue', dirs[0]);
    await migrate(db, 'backend');
    await migrate(db, 'subsonic');
    await migrate(db, 'subsonic/catalogue', dirs[1]);

    const a1 = await makeTrack(db, { title: 'One', artists: ['Ola Brandt'], album: 'Old Songs', playCount: 5 });
    const a2 = await makeTrack(db, { title: 'Two', artists: ['Ola Brandt'], album: 'Old Songs', playCount: 2 });
    const b1 = await makeTrack(db, { title: 'Three', artists: ['Teo Vance'], album: 'Later Songs' });
    await db.query(`update tracks set scanned_at = $2 where id = $1`, [a1, '2024-03-04T05:06:07Z']);
    await db.query(`update tracks set scanned_at = $2 where id = $1`, [a2, '2024-01-02T03:04:05Z']);
    await db.query(`update tracks set scanned_at = $2 where id = $1`, [b1, '2024-05-06T07:08:09Z']);
    const history = (id: string, songId: string, at: string) =>
      db.query(
        `insert into doc_history ("$id", "$createdAt", "$updatedAt", "userId", "songId") values ($1, $3, $3, 'u1', $2)`,
        [id, songId, at],
      );
    await history('h1', b1, '2025-01-01T00:00:00Z');
    await history('h2', b1, '2025-02-01T00:00:00Z');
    await history('h3', a1, '2024-12-01T00:00:00Z');

    await migrate(db, 'catalogue');
    await migrate(db, 'subsonic/catalogue');
    const figures = async () =>
      (
        await db.query<{ name: string; first_seen_at: Date; play_count: number; last_played_at: Date | null }>(
          'select name, first_seen_at, play_count, last_played_at from albums order by name',
        )
      ).map((r) => [r.name, new Date(r.first_seen_at).toISOString(), r.play_count, r.last_played_at && new Date(r.last_played_at).toISOString()]);
    expect(await figures()).toEqual([
      ['Later Songs', '2024-05-06T07:08:09.000Z', 2, '2025-02-01T00:00:00.000Z'],
      ['Old Songs', '2024-01-02T03:04:05.000Z', 8, '2024-12-01T00:00:00.000Z'],
    ]);

    // From now on each History document counts as it is written.
    await history('h4', a2, '2025-03-01T00:00:00Z');
    await history('h5', b1, '2024-06-01T00:00:00Z');
    expect(await figures()).toEqual([
      ['Later Songs', '2024-05-06T07:08:09.000Z', 3, '2025-02-01T00:00:00.000Z'],
      ['Old Songs', '2024-01-02T03:04:05.000Z', 9, '2025-03-01T00:00:00.000Z'],
    ]);
  });
});
