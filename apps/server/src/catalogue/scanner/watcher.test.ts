import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, silentLogger } from '../../log.js';
import { watchMusic, type MusicWatcher } from './watcher.js';

/**
 * The music folder watcher watches the folders the scan walks, each real
 * folder once: links back up the tree (`sub/up -> ..`, `sub/self -> .`, a link
 * to the music folder by its absolute path) are reported, not followed, so
 * the number of folders watched stays that of the real folders.
 */
describe('the music folder watcher', () => {
  let root: string;
  let outside: string;
  let watcher: MusicWatcher | null = null;
  const changed: string[] = [];
  const POLL = { timeout: 10_000 };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'lyra-watcher-'));
    outside = await mkdtemp(join(tmpdir(), 'lyra-watcher-outside-'));
    for (const dir of ['Album/CD1', 'Album/CD2', 'sub', '.hidden/inner']) await mkdir(join(root, dir), { recursive: true });
    await mkdir(join(outside, 'elsewhere'));
    await symlink('..', join(root, 'sub', 'up'));
    await symlink('.', join(root, 'sub', 'self'));
    await symlink(root, join(root, 'sub', 'abs'));
    await symlink(outside, join(root, 'out'));
    changed.length = 0;
  });
  afterEach(async () => {
    await watcher?.close();
    watcher = null;
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  const start = async (opts: Parameters<typeof watchMusic>[3] = {}, log = silentLogger) => {
    watcher = watchMusic(root, (folder) => changed.push(folder), log, opts);
    await watcher.ready;
    return watcher;
  };
  const LOOPS = [
    { path: 'sub/abs', reason: 'a link loop: it leads back to the music folder, not followed' },
    { path: 'sub/self', reason: 'a link loop: it leads back to sub, not followed' },
    { path: 'sub/up', reason: 'a link loop: it leads back to the music folder, not followed' },
  ];
  const sorted = <T extends { path: string }>(list: T[]) => [...list].sort((a, b) => a.path.localeCompare(b.path));

  it('watches each real folder once and reports the link loops it did not follow', async () => {
    const w = await start();
    // The root, Album, Album/CD1, Album/CD2 and sub; not the hidden folder, not the link out of the music folder.
    expect(w.status()).toMatchObject({ folders: 5, complete: true });
    expect(sorted(w.status().leftOut)).toEqual(LOOPS);
  });

  it('sees a song dropped into a real folder, and a new folder with songs in it', async () => {
    const w = await start();
    await writeFile(join(root, 'Album', 'CD2', '01 Song.mp3'), 'x');
    await expect.poll(() => changed, POLL).toContain('Album/CD2');
    await mkdir(join(root, 'New Album'));
    await expect.poll(() => w.status().folders, POLL).toBe(6);
    changed.length = 0;
    await writeFile(join(root, 'New Album', '01 Song.mp3'), 'x');
    await expect.poll(() => changed, POLL).toContain('New Album');
  });

  it('stays bounded when a loop is made while it watches, and says so', async () => {
    const w = await start();
    await symlink('../..', join(root, 'Album', 'CD1', 'top'));
    await expect.poll(() => w.status().leftOut.map((l) => l.path), POLL).toContain('Album/CD1/top');
    expect(w.status().folders).toBe(5);
  });

  it('forgets a folder removed, and watches a folder moved where it is now', async () => {
    const w = await start();
    await rm(join(root, 'Album', 'CD2'), { recursive: true });
    await expect.poll(() => w.status().folders, POLL).toBe(4);
    await rename(join(root, 'Album'), join(root, 'Renamed'));
    // Renamed/CD1 watched: its folder is announced as changed.
    await expect.poll(() => changed, POLL).toContain('Renamed');
    expect(w.status().folders).toBe(4);
    changed.length = 0;
    await writeFile(join(root, 'Renamed', 'CD1', '01 Song.mp3'), 'x');
    await expect.poll(() => changed, POLL).toContain('Renamed/CD1');
  });

  it('watches at most the folder limit and says that the quick scan sees the rest', async () => {
    const lines: string[] = [];
    const w = await start({ maxFolders: 3, rescanMinutes: 15 }, createLogger('info', {}, (l) => lines.push(l)));
    expect(w.status()).toMatchObject({ folders: 3, complete: false });
    expect(lines.filter((l) => l.includes(' WARN music folder watcher: only the first 3 folders are watched;'))).toEqual([
      expect.stringContaining('changes in the other folders are seen by the quick scan every 15 minutes watched=3'),
    ]);
  });
});
