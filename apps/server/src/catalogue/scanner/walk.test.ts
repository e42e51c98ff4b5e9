import { spawnSync } from 'node:child_process';
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
    // Loops: a link to the parent, to the folder itself, to the music folder by its absolute path.
    await mkdir(join(root, 'sub'));
    await symlink('..', join(root, 'sub', 'up'));
    await symlink('.', join(root, 'sub', 'self'));
    await symlink(root, join(root, 'sub', 'abs'));
    // A FIFO named like a song (opening it would wait for a writer), and a folder named like one.
    expect(spawnSync('mkfifo', [join(root, 'sub', 'pipe.mp3')]).status).toBe(0);
    await mkdir(join(root, 'sub', 'x.mp3'));
    await writeFile(join(root, 'sub', 'x.mp3', 'inside.mp3'), 'x');
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
      { rel: 'sub', audio: [], playlists: [], images: [] },
      { rel: 'sub/x.mp3', audio: ['inside.mp3'], playlists: [], images: [] },
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

  it('follows a link back up the tree only once, and reports the loop', async () => {
    const rels = (await collect()).map((f) => f.rel);
    expect(rels.filter((r) => r.includes('loop'))).toEqual([]);
    expect(refused).toContainEqual(['b/d/loop', 'a link loop: it leads back to b, not followed']);
  });

  it('walks each real folder once whatever links lead back to it, and reports each link', async () => {
    const rels = (await collect()).map((f) => f.rel);
    expect(rels.filter((r) => r.startsWith('sub'))).toEqual(['sub', 'sub/x.mp3']);
    expect(refused.filter(([rel]) => rel.startsWith('sub/')).sort()).toEqual([
      ['sub/abs', 'a link loop: it leads back to the music folder, not followed'],
      ['sub/pipe.mp3', 'not a file (a FIFO, socket or device): never opened'],
      ['sub/self', 'a link loop: it leads back to sub, not followed'],
      ['sub/up', 'a link loop: it leads back to the music folder, not followed'],
      ['sub/x.mp3', 'a folder named like a song: not a song, the files in it are scanned'],
    ]);
  });

  it('reports a link to nothing named like a song', async () => {
    await collect();
    expect(refused).toContainEqual(['dangling.mp3', 'a link to nothing']);
  });

  it('throws when the root is missing, so nothing gets swept', async () => {
    const it = walkFolders(join(root, 'missing'));
    await expect(it.next()).rejects.toThrow();
  });
});
