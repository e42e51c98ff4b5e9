import { copyFile, mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import { createLogger, silentLogger } from '../../log.js';
import { createTestApp } from '../../test/app.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { buildFixtureLibrary, FIXTURE, FIXTURE_GOOD_AUDIO } from '../test/fixtures.js';
import { readAudioFile } from './read-audio.js';
import { createScanner, type ScanReport, type Scanner, type ScannerOptions } from './scanner-service.js';

describe.each(ENGINES)('scanner lifecycle on %s', (engine) => {
  let musicDir: string;
  let dataDir: string;
  let t: TestDb;
  let scanner: Scanner | null = null;

  const tracks = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from tracks'))[0]!.n;
  const make = (env: Record<string, string>, opts: ScannerOptions = {}, log = silentLogger) => {
    const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: musicDir, SCAN_WATCH: 'off', ...env });
    scanner = createScanner({ config, db: t.db, log, now: Date.now }, opts);
    return scanner;
  };

  beforeAll(async () => {
    musicDir = await mkdtemp(join(tmpdir(), 'lyra-music-'));
    dataDir = await mkdtemp(join(tmpdir(), 'lyra-data-'));
    await buildFixtureLibrary(musicDir);
    t = await createTestDb(engine);
    await migrate(t.db, 'catalogue');
  });
  afterEach(async () => {
    await scanner?.stop();
    scanner = null;
  });
  afterAll(async () => {
    await t?.drop();
    await rm(musicDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops a scan between batches without removing anything', async () => {
    // Reads after the fourth wait until stop() has been called: the stop lands mid-scan.
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const s = make({}, {
      batchSize: 2,
      readAudio: async (abs, size) => {
        if (++reads > 4) await gate;
        return readAudioFile(abs, size);
      },
    });
    const running = s.rescan();
    await expect.poll(() => reads).toBeGreaterThan(4);
    const stopping = s.stop();
    release();
    await stopping;
    const report = await running;
    expect(report.complete).toBe(false);
    expect(report.seen).toBeLessThan(FIXTURE_GOOD_AUDIO.length);
    expect(await tracks()).toBeGreaterThan(0);
    expect(s.isScanning()).toBe(false);
  });

  it('logs progress with counts and a files/s rate, and a summary at the end', async () => {
    const lines: string[] = [];
    await t.db.query('delete from tracks');
    await t.db.query('delete from scan_errors');
    const s = make({}, { batchSize: 4, progressEveryMs: 0 }, createLogger('info', {}, (l) => lines.push(l)));
    const report = await s.rescan();
    const progress = lines.filter((l) => l.includes(' INFO scan progress '));
    expect(progress.length).toBeGreaterThanOrEqual(4);
    for (const l of progress) expect(l).toMatch(/module=scanner seen=\d+ read=\d+ errors=\d+ filesPerSec=\d+/);
    const summary = lines.find((l) => l.includes(' INFO scan finished '));
    expect(summary).toContain(`seen=${report.seen} read=${report.read} skipped=0`);
    expect(summary).toMatch(/errors=2 .*durationMs=\d+ filesPerSec=\d+/);
    expect(lines.filter((l) => l.includes(' WARN file skipped: cannot be read '))).toHaveLength(2);
  });

  it('scans in the background on start(), while status answers', async () => {
    const s = make({});
    await s.start();
    expect((await s.status()).scanning).toBe(true);
    await expect.poll(async () => (await s.status()).scanning, { timeout: 60_000 }).toBe(false);
    expect(await s.status()).toMatchObject({ tracks: FIXTURE_GOOD_AUDIO.length, errors: 2 });
    expect((await s.status()).lastScanAt).not.toBeNull();
  });

  it('picks up files added and removed while watching (SCAN_WATCH=on)', async () => {
    const scans: ScanReport[] = [];
    const s = make({ SCAN_WATCH: 'on' }, { watchDebounceMs: 150 });
    s.onScanned((r) => void scans.push(r));
    await s.start();
    await expect.poll(async () => (await s.status()).scanning, { timeout: 60_000 }).toBe(false);
    await s.watching();
    const before = await tracks();
    const added = join(musicDir, 'wesnoth/victory-copy.ogg');
    await copyFile(join(musicDir, FIXTURE.victory), added);
    await expect.poll(() => tracks(), { timeout: 30_000 }).toBe(before + 1);
    await unlink(added);
    await expect.poll(() => tracks(), { timeout: 30_000 }).toBe(before);
    // Listeners hear of each scan that changed something (the add, then the removal).
    await expect.poll(() => scans.filter((r) => r.changed).length).toBeGreaterThanOrEqual(2);
  });

  it('the app runs the first scan when it starts', async () => {
    const app = await createTestApp(engine, { MUSIC_DIR: musicDir }, ['catalogue']);
    try {
      await app.app.start();
      await expect
        .poll(async () => {
          const res = await app.app.request('/api/admin/status');
          return ((await res.json()) as { data: { tracks: number; scanning: boolean } }).data;
        }, { timeout: 60_000 })
        .toMatchObject({ scanning: false, tracks: FIXTURE_GOOD_AUDIO.length });
    } finally {
      await app.close();
    }
  });
});
