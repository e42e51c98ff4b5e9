import { mkdir, mkdtemp, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { migrate } from '../../db/migrate.js';
import { createLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { registerPlaylists, syncPlaylists } from './playlist-sync.js';

/** Three songs, each with its own cover and language. */
const SONGS = [
  { id: 's1', path: 'A/one.ogg', cover: 'c1', language: 'english' },
  { id: 's2', path: 'A/two.ogg', cover: null, language: 'french' },
  { id: 's3', path: 'B/three.ogg', cover: 'c3', language: 'french' },
];

describe.each(ENGINES)('m3u playlists after a scan (%s)', (engine) => {
  let t: TestDb;
  let db: Db;
  let root: string;
  const lines: string[] = [];
  const log = createLogger('info', {}, (line) => lines.push(line));

  const write = (rel: string, text: string) => writeFile(join(root, rel), text);
  const register = async (...rels: string[]) => {
    const files = await Promise.all(
      rels.map(async (rel) => {
        const s = await stat(join(root, rel));
        return { rel, sizeBytes: s.size, mtimeMs: Math.trunc(s.mtimeMs) };
      }),
    );
    await registerPlaylists(db, 1, files);
  };
  const songsOf = async (path: string) =>
    (
      await db.query<{ track_id: string; position: number }>(
        `select pt.track_id, pt.position from playlist_tracks pt join playlists p on p.id = pt.playlist_id
          where p.path = $1 order by pt.position`,
        [path],
      )
    ).map((r) => `${r.position}:${r.track_id}`);
  const playlist = async (path: string) =>
    (await db.query<{ name: string; norm_name: string; cover_id: string | null; language: string }>(
      'select name, norm_name, cover_id, language from playlists where path = $1',
      [path],
    ))[0];

  beforeAll(async () => {
    t = await createTestDb(engine);
    db = t.db;
    await migrate(db, 'catalogue');
    root = await mkdtemp(join(tmpdir(), 'lyra-playlists-'));
    await mkdir(join(root, 'Lists'));
    for (const c of ['c1', 'c3']) {
      await db.query("insert into covers (id, mime, width, height) values ($1, 'image/jpeg', 1, 1)", [c]);
    }
    for (const s of SONGS) {
      await db.query(
        `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title, cover_id, language)
         values ($1, $2, 1, 0, $1, $1, $1, $3, $4)`,
        [s.id, s.path, s.cover, s.language],
      );
    }
  });
  afterAll(async () => {
    await t?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('writes every playlist of a page in order, with its name, first cover and most common language', async () => {
    await write('Lists/Mixed.m3u8', '#EXTM3U\n#PLAYLIST:Mixed Bag\n../A/two.ogg\n../B/three.ogg\n../A/two.ogg\n');
    await write('Lists/plain.m3u', '../A/one.ogg\n');
    await write('Lists/Empty.m3u', '#EXTM3U\n');
    await register('Lists/Mixed.m3u8', 'Lists/plain.m3u', 'Lists/Empty.m3u');
    await syncPlaylists(db, root, log);

    // A song listed twice is there twice; the cover is the first song's that has one.
    expect(await songsOf('Lists/Mixed.m3u8')).toEqual(['0:s2', '1:s3', '2:s2']);
    expect(await playlist('Lists/Mixed.m3u8')).toEqual({ name: 'Mixed Bag', norm_name: 'mixed bag', cover_id: 'c3', language: 'french' });
    expect(await songsOf('Lists/plain.m3u')).toEqual(['0:s1']);
    expect(await playlist('Lists/plain.m3u')).toEqual({ name: 'plain', norm_name: 'plain', cover_id: 'c1', language: 'english' });
    expect(await songsOf('Lists/Empty.m3u')).toEqual([]);
    expect(await playlist('Lists/Empty.m3u')).toEqual({ name: 'Empty', norm_name: 'empty', cover_id: null, language: '' });
  });

  it('rewrites a changed playlist, logs its entries left out (20 at most, then a count), and keeps an unreadable one as it was', async () => {
    lines.length = 0;
    const missing = Array.from({ length: 25 }, (_, i) => `../A/missing-${i}.ogg`);
    await write('Lists/Mixed.m3u8', ['#EXTM3U', '../B/three.ogg', '../../outside.ogg', ...missing, '../A/one.ogg'].join('\n'));
    await unlink(join(root, 'Lists/plain.m3u'));
    await syncPlaylists(db, root, log);

    expect(await songsOf('Lists/Mixed.m3u8')).toEqual(['0:s3', '1:s1']);
    // No #PLAYLIST line any more: the file's name.
    expect(await playlist('Lists/Mixed.m3u8')).toMatchObject({ name: 'Mixed', cover_id: 'c3' });
    expect(await songsOf('Lists/plain.m3u')).toEqual(['0:s1']);
    expect(lines.filter((l) => l.includes('playlist unreadable') && l.includes('plain.m3u'))).toHaveLength(1);
    const skipped = lines.filter((l) => l.includes('playlist entry skipped'));
    expect(skipped).toHaveLength(20);
    expect(skipped[0]).toContain('outside.ogg');
    expect(skipped[1]).toContain('missing-0.ogg');
    expect(skipped[1]).toContain('not in the catalogue');
    expect(lines.filter((l) => l.includes('playlist entries skipped') && l.includes('count=26'))).toHaveLength(1);
  });
});
