import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkFolders, type WalkFolder } from './walk.js';

describe('walkFolders', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lyra-walk-'));
    const files = ['a.mp3', 'b/c.FLAC', 'b/cover.jpg', 'b/list.m3u8', 'b/d/e.opus', 'b/notes.txt', '.hidden/x.mp3', 'b/._c.mp3', 'z.wav'];
    for (const f of files) {
      await mkdir(join(root, f, '..'), { recursive: true });
      await writeFile(join(root, f), 'x');
    }
    await symlink(join(root, 'b'), join(root, 'b', 'd', 'loop'));
    await symlink(join(root, 'a.mp3'), join(root, 'linked.mp3'));
    await symlink(join(root, 'nowhere.mp3'), join(root, 'dangling.mp3'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const collect = async (): Promise<WalkFolder[]> => {
    const out: WalkFolder[] = [];
    for await (const f of walkFolders(root)) out.push(f);
    return out;
  };

  it('lists audio, playlists and images per folder, sorted, skipping hidden entries', async () => {
    const folders = await collect();
    expect(folders.map((f) => ({ rel: f.rel, audio: f.audio, playlists: f.playlists, images: f.images }))).toEqual([
      { rel: '', audio: ['a.mp3', 'linked.mp3', 'z.wav'], playlists: [], images: [] },
      { rel: 'b', audio: ['c.FLAC'], playlists: ['list.m3u8'], images: ['cover.jpg'] },
      { rel: 'b/d', audio: ['e.opus'], playlists: [], images: [] },
    ]);
  });

  it('follows a link back up the tree only once', async () => {
    const rels = (await collect()).map((f) => f.rel);
    expect(rels.filter((r) => r.includes('loop'))).toEqual([]);
  });

  it('throws when the root is missing, so nothing gets swept', async () => {
    const it = walkFolders(join(root, 'missing'));
    await expect(it.next()).rejects.toThrow();
  });
});
