import { execFileSync } from 'node:child_process';
import { mkdtemp, rename, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import { silentLogger } from '../../log.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { createScanner, type Scanner } from '../scanner/scanner-service.js';
import { createApiRoutes } from './api.routes.js';

/**
 * A live library, as a listener sees it through search: with the watcher on
 * (its default settings), a song dropped into the music folder is found
 * within 5 s, and one deleted is gone as soon; no full rescan is asked for.
 */
const LIVE_MS = 5_000;

describe.each(ENGINES)('the live library on %s', (engine) => {
  let musicDir: string;
  let dataDir: string;
  let t: TestDb;
  let scanner: Scanner;
  let api: ReturnType<typeof createApiRoutes>;

  const song = (dir: string, name: string, title: string) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=523:duration=3',
      '-c:a', 'libmp3lame', '-b:a', '96k', '-metadata', `title=${title}`, '-metadata', 'artist=Mira Solen', '-metadata', 'album=Field Notes', join(dir, name)]);
  const found = async (word: string) => {
    const res = await api.request(`/api/search/songs?query=${word}`);
    const body = (await res.json()) as { data: { results: { name: string }[] } };
    return body.data.results.map((s) => s.name);
  };

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-live-music-'));
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-live-data-'));
    song(musicDir, 'first.mp3', 'Paper Boats');
    t = await createTestDb(engine);
    await migrate(t.db, 'catalogue');
    const deps = { config: loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir }), db: t.db, log: silentLogger, now: Date.now };
    scanner = createScanner(deps);
    api = createApiRoutes(deps, scanner);
    await scanner.start();
    await scanner.rescan();
    await scanner.watching();
  });
  afterAll(async () => {
    await scanner?.stop();
    await t?.drop();
    await rm(musicDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finds a song dropped into the music folder within 5 s, and loses it as soon once deleted', async () => {
    expect(await found('paper')).toEqual(['Paper Boats']);
    expect(await found('zebra')).toEqual([]);
    // Written beside the folder, then moved in whole, as a copy from another disk lands.
    song(dataDir, 'incoming.mp3', 'Zebra Lanterns');
    await rename(join(dataDir, 'incoming.mp3'), join(musicDir, 'zebra-lanterns.mp3'));
    await expect.poll(() => found('zebra'), { timeout: LIVE_MS, interval: 100 }).toEqual(['Zebra Lanterns']);

    await unlink(join(musicDir, 'zebra-lanterns.mp3'));
    await expect.poll(() => found('zebra'), { timeout: LIVE_MS, interval: 100 }).toEqual([]);
    expect(await found('paper')).toEqual(['Paper Boats']);
  });
});
