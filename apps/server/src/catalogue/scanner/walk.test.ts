import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkFolders, type WalkFolder } from './walk.js';

describe('walkFolders', () => {
  let root: string;
  let outside: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lyra-walk-'));
    outside = await mkdtemp(join(tmpdir(), 'lyra-walk-outside-'));
    await mkdir(join(outside, 'album'));
    await writeFile(join(outside, 'secret.mp3'), 'x');
    await writeFile(join(outside, 'album', 'song.mp3'), 'x');
    const files = ['a.mp3', 'b/c.FLAC', 'b/cover.jpg', 'b/list.m3u8', 'b/d/e.opus', 'b/notes.txt', '.hidden/x.mp3', 'b/._c.mp3', 'z.wav'];
    for (const f of files) {
      await mkdir(join(root, f, '..'), { recursive: true });
      await writeFile(join(root, f), 'x');
    }
    await symlink(join(root, 'b'), join(root, 'b', 'd', 'loop'));
    await symlink(join(root, 'a.mp3'), join(root, 'linked.mp3'));
    await symlink(join(root, 'nowhere.mp3'), join(root, 'dangling.mp3'));
    // Links out of the music folder: a file and a folder.
    await symlink(join(outside, 'secret.mp3'), join(root, 'b', 'escape.mp3'));
    await symlink(join(outside, 'album'), join(root, 'elsewhere'));
    // A name in Latin-1, not UTF-8 ("café.mp3").
    writeFileSync(Buffer.concat([Buffer.from(join(root, 'caf')), Buffer.from([0xe9]), Buffer.from('.mp3')]), 'x');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  const refused: [string, string][] = [];
  const collect = async (): Promise<WalkFolder[]> => {
    const out: WalkFolder[] = [];
    refused.length = 0;
    for await (const f of walkFolders(root, { onRefused: (rel, reason) => refused.push([rel, reason]) })) out.push(f);
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

  it('refuses links out of the music folder, files and folders alike, and says so', async () => {
    const folders = await collect();
    expect(folders.flatMap((f) => f.audio)).not.toContain('escape.mp3');
    expect(folders.map((f) => f.rel)).not.toContain('elsewhere');
    expect(refused.filter(([, why]) => why === 'a link out of the music folder').map(([rel]) => rel).sort()).toEqual(['b/escape.mp3', 'elsewhere']);
  });

  it('reports a file whose name is not valid UTF-8 instead of skipping it silently', async () => {
    await collect();
    expect(refused).toContainEqual(['caf\uFFFD.mp3', 'the name is not valid UTF-8: rename it to add it to the library']);
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
