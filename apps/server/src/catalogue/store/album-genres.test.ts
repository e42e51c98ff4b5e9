import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { migrate, MIGRATIONS_DIR } from '../../db/migrate.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { makeTrack } from '../test/factory.js';

/** Each album's genres, as getAlbumList2 byGenre reads them. */
const genres = async (db: Db) =>
  (
    await db.query<{ name: string; genre: string }>(
      'select al.name, g.genre from album_genres g join albums al on al.id = g.album_id order by al.name, g.genre',
    )
  ).map((r) => `${r.name}: ${r.genre}`);

describe.each(ENGINES)('album genres (migrations/catalogue/0501-album-genres.sql) on %s', (engine) => {
  let t: TestDb | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await t?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('are filled from the songs already there, in lower case, once each', async () => {
    t = await createTestDb(engine);
    dir = await mkdtemp(join(tmpdir(), 'lyra-migrations-'));
    for (const f of await readdir(MIGRATIONS_DIR + 'catalogue')) {
      if (f.endsWith('.sql') && f < '0501') await copyFile(join(MIGRATIONS_DIR + 'catalogue', f), join(dir, f));
    }
    await migrate(t.db, 'catalogue', dir);
    await makeTrack(t.db, { title: 'One', album: 'Blue Hours', genre: 'Jazz' });
    await makeTrack(t.db, { title: 'Two', album: 'Blue Hours', genre: 'jazz' });
    await makeTrack(t.db, { title: 'Three', album: 'Blue Hours', genre: 'Ambient' });
    await makeTrack(t.db, { title: 'Four', album: 'Loud', genre: 'Rock' });
    await makeTrack(t.db, { title: 'Five', album: 'Untold', genre: '' });
    await migrate(t.db, 'catalogue');
    expect(await genres(t.db)).toEqual(['Blue Hours: ambient', 'Blue Hours: jazz', 'Loud: rock']);
  });

  it('follow every write of a song: added, retagged, moved to another album, deleted', async () => {
    t = await createTestDb(engine);
    const db = t.db;
    await migrate(db, 'catalogue');
    const one = await makeTrack(db, { title: 'One', album: 'Blue Hours', genre: 'Jazz' });
    const two = await makeTrack(db, { title: 'Two', album: 'Blue Hours', genre: 'Jazz' });
    await makeTrack(db, { title: 'Four', album: 'Loud', genre: 'Rock' });
    expect(await genres(db)).toEqual(['Blue Hours: jazz', 'Loud: rock']);

    await db.query("update tracks set genre = 'Soul' where id = $1", [one]);
    expect(await genres(db)).toEqual(['Blue Hours: jazz', 'Blue Hours: soul', 'Loud: rock']);

    await db.query("update tracks set album_id = (select id from albums where name = 'Loud') where id = $1", [two]);
    expect(await genres(db)).toEqual(['Blue Hours: soul', 'Loud: jazz', 'Loud: rock']);

    await db.query('delete from tracks where id = $1', [one]);
    expect(await genres(db)).toEqual(['Loud: jazz', 'Loud: rock']);

    // Listed by the album's name: the copy follows a rename.
    await db.query("update albums set name = 'Louder', norm_name = 'louder' where name = 'Loud'");
    expect(await db.query('select distinct norm_name from album_genres')).toEqual([{ norm_name: 'louder' }]);
  });
});
