import { describe, expect, it } from 'vitest';
import { isDiscFolder, pickFolderImage } from './cover-store.js';

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
