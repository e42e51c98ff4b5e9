import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { createListMemo } from '../library-lists.js';
import { createScanner, type Scanner } from '../scanner/scanner-service.js';
import { makeTrack } from '../test/factory.js';
import { createApiRoutes } from './api.routes.js';

/**
 * Library's lists keep their totals and letters between requests (library-lists.ts `ListMemo`),
 * until a scan has run: a scan that adds songs or removes them shows in the very next request.
 */

describe('the memo of list totals and letters', () => {
  const counter = () => {
    let reads = 0;
    return { read: async () => ++reads, reads: () => reads };
  };

  it('keeps what was read, apart for each set of libraries', async () => {
    const memo = createListMemo({ changing: () => false });
    const c = counter();
    expect(await memo.scoped(null)('songs count', c.read)).toBe(1);
    expect(await memo.scoped(null)('songs count', c.read)).toBe(1);
    expect(await memo.scoped(['lib-a'])('songs count', c.read)).toBe(2);
    expect(await memo.scoped(['lib-a'])('songs count', c.read)).toBe(2);
    expect(await memo.scoped(null)('albums null count', c.read)).toBe(3);
    expect(c.reads()).toBe(3);
  });

  it('neither keeps nor answers from memory while the catalogue is changing', async () => {
    let changing = false;
    const memo = createListMemo({ changing: () => changing });
    const c = counter();
    expect(await memo.scoped(null)('songs count', c.read)).toBe(1);
    changing = true;
    expect(await memo.scoped(null)('songs count', c.read)).toBe(2);
    expect(await memo.scoped(null)('albums null count', c.read)).toBe(3);
    changing = false;
    memo.clear();
    expect(await memo.scoped(null)('albums null count', c.read)).toBe(4);
    expect(await memo.scoped(null)('albums null count', c.read)).toBe(4);
  });

  it('forgets everything on clear(), and keeps nothing of a read that a clear() or a scan came during', async () => {
    let changing = false;
    const memo = createListMemo({ changing: () => changing });
    const c = counter();
    await memo.scoped(null)('songs count', c.read);
    memo.clear();
    expect(await memo.scoped(null)('songs count', c.read)).toBe(2);
    // Cleared while the read was under way: its answer may be from before the change.
    expect(await memo.scoped(null)('albums null count', async () => (memo.clear(), c.read()))).toBe(3);
    expect(await memo.scoped(null)('albums null count', c.read)).toBe(4);
    // A scan began while the read was under way, and still runs.
    expect(await memo.scoped(null)('artists null count', async () => ((changing = true), c.read()))).toBe(5);
    changing = false;
    expect(await memo.scoped(null)('artists null count', c.read)).toBe(6);
    expect(await memo.scoped(null)('artists null count', c.read)).toBe(6);
  });

  it('forgets an entry after its time to live', async () => {
    let now = 1_000;
    const memo = createListMemo({ changing: () => false, now: () => now, ttlMs: 60_000 });
    const c = counter();
    expect(await memo.scoped(null)('songs count', c.read)).toBe(1);
    now += 59_999;
    expect(await memo.scoped(null)('songs count', c.read)).toBe(1);
    now += 1;
    expect(await memo.scoped(null)('songs count', c.read)).toBe(2);
  });
});

describe.each(ENGINES)('Library lists between scans on %s', (engine) => {
  let musicDir: string;
  let dataDir: string;
  let t: TestDb;
  let scanner: Scanner;
  let api: ReturnType<typeof createApiRoutes>;

  const song = (name: string, title: string, album: string) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=523:duration=2',
      '-c:a', 'libmp3lame', '-b:a', '96k', '-metadata', `title=${title}`, '-metadata', 'artist=Mira Solen', '-metadata', `album=${album}`, join(musicDir, name)]);
  const get = async (path: string) => ((await (await api.request(path)).json()) as { data: { total: number; letters?: { letter: string; start: number }[]; results: { name: string }[] } }).data;
  const songs = async () => {
    const data = await get('/api/library/songs?sort=title');
    return { total: data.total, names: data.results.map((s) => s.name) };
  };
  const albums = async () => {
    const data = await get('/api/library/albums?sort=name');
    return { total: data.total, letters: data.letters };
  };
  const artists = async () => (await get('/api/library/artists?sort=name')).total;

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-lists-music-'));
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-lists-data-'));
    song('first.mp3', 'Paper Boats', 'Field Notes');
    song('second.mp3', 'Quiet Harbour', 'Field Notes');
    t = await createTestDb(engine);
    await migrate(t.db, 'catalogue');
    const deps = { config: loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'off' }), db: t.db, log: silentLogger, now: Date.now };
    scanner = createScanner(deps);
    api = createApiRoutes(deps, scanner);
    await scanner.rescan('full');
  });
  afterAll(async () => {
    await scanner?.stop();
    await t?.drop();
    await rm(musicDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keep their totals and letters between requests, and show a scan that added or removed songs at once', async () => {
    expect(await songs()).toEqual({ total: 2, names: ['Paper Boats', 'Quiet Harbour'] });
    expect(await albums()).toEqual({ total: 1, letters: [{ letter: 'F', start: 0 }] });
    expect(await artists()).toBe(1);

    // Written behind the scanner's back: the pages show it, the totals and letters kept do not.
    await makeTrack(t.db, { title: 'Aside', artists: ['Other Voice'], album: { name: 'Alpine', artist: 'Other Voice' } });
    expect(await songs()).toEqual({ total: 2, names: ['Aside', 'Paper Boats', 'Quiet Harbour'] });
    expect(await albums()).toEqual({ total: 1, letters: [{ letter: 'F', start: 0 }] });
    expect(await artists()).toBe(1);

    // A scan that adds a song (and drops the one without a file).
    song('third.mp3', 'Amber Light', 'Almanac');
    await scanner.rescan('full');
    expect(await songs()).toEqual({ total: 3, names: ['Amber Light', 'Paper Boats', 'Quiet Harbour'] });
    expect(await albums()).toEqual({
      total: 2,
      letters: [
        { letter: 'A', start: 0 },
        { letter: 'F', start: 1 },
      ],
    });
    expect(await artists()).toBe(1);

    // A scan that removes one.
    await unlink(join(musicDir, 'first.mp3'));
    await scanner.rescan('full');
    expect(await songs()).toEqual({ total: 2, names: ['Amber Light', 'Quiet Harbour'] });
    expect(await albums()).toEqual({
      total: 2,
      letters: [
        { letter: 'A', start: 0 },
        { letter: 'F', start: 1 },
      ],
    });

    // A scan that finds nothing new still clears them (a change the scan did not count).
    await makeTrack(t.db, { title: 'Zither', artists: ['Mira Solen'], path: 'third.mp3.kept' });
    await scanner.rescan('quick');
    expect((await songs()).total).toBe((await get('/api/library/songs?sort=title&page=1&limit=100')).results.length);
  });
});
