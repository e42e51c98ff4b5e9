import { mkdir, mkdtemp, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { migrate } from '../../db/migrate.js';
import { createLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { joinLibraries } from '../library-links.js';
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

describe.each(ENGINES)('m3u playlists with several libraries (%s)', (engine) => {
  let t: TestDb;
  let db: Db;
  let top: string;
  const log = createLogger('error', {}, () => {});
  const folder = (name: string) => join(top, name);

  beforeAll(async () => {
    t = await createTestDb(engine);
    db = t.db;
    await migrate(db, 'catalogue');
    top = await mkdtemp(join(tmpdir(), 'lyra-playlists-libraries-'));
    for (const dir of ['music/Lists', 'music/A', 'books/Dune', 'podcasts']) await mkdir(folder(dir), { recursive: true });
    // MUSIC_DIRS="Music=<top>/music;Books=<top>/books": the scanner walks DATA_DIR/libraries, a link per library.
    await joinLibraries(
      {
        MUSIC_DIR: folder('data/libraries'),
        libraries: [
          { id: 'music', name: 'Music', root: folder('music') },
          { id: 'books', name: 'Books', root: folder('books') },
        ],
      },
      log,
    );
    const songs = [['m1', 'music/A/one.ogg'], ['m2', 'music/A/two.ogg'], ['b1', 'books/Dune/01.ogg'], ['p1', 'podcasts/a.ogg']];
    for (const [id, path] of songs) {
      await db.query(
        `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title) values ($1, $2, 1, 0, $1, $1, $1)`,
        [id, path],
      );
    }
  });
  afterAll(async () => {
    await t?.drop();
    if (top) await rm(top, { recursive: true, force: true });
  });

  it('finds absolute paths in whichever library holds them, relative ones from the playlist’s folder, and leaves out the rest', async () => {
    const entries = [
      folder('books/Dune/01.ogg'),
      '../A/two.ogg',
      `file://${folder('music/A/one.ogg')}`,
      folder('podcasts/a.ogg'),
      '../../podcasts/a.ogg',
      join(folder('data/libraries'), 'music/A/one.ogg'),
      '../../books/Dune/01.ogg',
    ];
    await writeFile(folder('music/Lists/Mixed.m3u'), entries.join('\n'));
    await writeFile(folder('books/Dune/Back.m3u8'), `${folder('music/A/two.ogg')}\n01.ogg\n`);
    const joined = folder('data/libraries');
    const files = await Promise.all(
      ['music/Lists/Mixed.m3u', 'books/Dune/Back.m3u8'].map(async (rel) => {
        const s = await stat(join(joined, rel));
        return { rel, sizeBytes: s.size, mtimeMs: Math.trunc(s.mtimeMs) };
      }),
    );
    await registerPlaylists(db, 1, files);
    await syncPlaylists(db, joined, log);

    const songsOf = async (path: string) =>
      (
        await db.query<{ track_id: string }>(
          `select pt.track_id from playlist_tracks pt join playlists p on p.id = pt.playlist_id where p.path = $1 order by pt.position`,
          [path],
        )
      ).map((r) => r.track_id);
    // The podcasts folder is in no library: left out, whichever way it is named.
    expect(await songsOf('music/Lists/Mixed.m3u')).toEqual(['b1', 'm2', 'm1', 'm1', 'b1']);
    expect(await songsOf('books/Dune/Back.m3u8')).toEqual(['m2', 'b1']);
  });
});
