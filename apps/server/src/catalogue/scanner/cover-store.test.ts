import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/db.js';
import { createLogger } from '../../log.js';
import { createCoverStore, isDiscFolder, MAX_IMAGE_BYTES, pickFolderImage } from './cover-store.js';

describe('pickFolderImage', () => {
  it('prefers cover, folder, albumcover, front, in that order, whatever the case and extension', () => {
    expect(pickFolderImage(['back.jpg', 'Folder.PNG', 'cover.webp'])).toBe('cover.webp');
    expect(pickFolderImage(['back.jpg', 'Folder.PNG'])).toBe('Folder.PNG');
    expect(pickFolderImage(['AlbumCover.jpg', 'front.jpg'])).toBe('AlbumCover.jpg');
    expect(pickFolderImage(['back.jpg', 'front.jpeg'])).toBe('front.jpeg');
  });

  it('takes the only image of a folder, and none when it cannot tell', () => {
    expect(pickFolderImage(['scan_0001.jpg'])).toBe('scan_0001.jpg');
    expect(pickFolderImage(['a.jpg', 'b.jpg'])).toBeNull();
    expect(pickFolderImage([])).toBeNull();
  });
});

describe('isDiscFolder', () => {
  it('recognises disc folders', () => {
    for (const n of ['CD1', 'cd 2', 'Disc 1', 'disk_3', 'DISC-10']) expect(isDiscFolder(n)).toBe(true);
    for (const n of ['Discography', 'CD', 'Best of CD1 era', '2']) expect(isDiscFolder(n)).toBe(false);
  });
});

describe('a folder image', () => {
  it('is not read when it is too big to be a cover (a sparse file of 1.9 GiB named cover.jpg), and is reported', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lyra-cover-'));
    try {
      const image = join(dir, 'cover.jpg');
      await writeFile(image, '');
      await truncate(image, Math.floor(1.9 * 1024 ** 3)); // all holes, no disk used
      const lines: string[] = [];
      const db = { query: () => Promise.reject(new Error('not stored')) } as unknown as Queryable;
      const covers = createCoverStore(db, dir, createLogger('info', {}, (l) => lines.push(l)));
      expect(await covers.saveFile(image)).toBeNull();
      expect(lines).toEqual([expect.stringContaining(`WARN folder image skipped: not a cover path=${image} sizeBytes=2040109465 limit=${MAX_IMAGE_BYTES}`)]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
