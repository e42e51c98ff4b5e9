import { describe, expect, it } from 'vitest';
import { albumFromFolder, tidyFolderName } from './folder-album.js';

describe('albumFromFolder', () => {
  it.each([
    ['Loose', 'Loose'],
    ['Mira Solen/Harbour Lights', 'Harbour Lights'],
    ['Mira Solen/Harbour_Lights (2021) [FLAC]', 'Harbour Lights'],
    ['Mira Solen/2021 - Harbour Lights', 'Harbour Lights'],
    ['Mira Solen/[2021] Harbour Lights [24-96]', 'Harbour Lights'],
    ['wesnoth-1.16-music', 'Wesnoth 1.16 Music'],
    ['night-drive', 'Night Drive'],
    ['NIGHT DRIVE (320 kbps)', 'Night Drive'],
    ['Mira Solen/Harbour Lights/CD2', 'Harbour Lights'],
    ['Mira Solen/Harbour Lights/Disc 1', 'Harbour Lights'],
    ['Sigur Rós/( )', null],
  ])('%s -> %s', (dir, album) => {
    expect(albumFromFolder(dir)).toBe(album);
  });

  it('gives files at the top of the music folder no album', () => {
    expect(albumFromFolder('')).toBeNull();
    expect(albumFromFolder('CD1')).toBeNull();
  });

  it('keeps names that only look like qualifiers inside the title', () => {
    expect(tidyFolderName('Live at the BBC (Disc One)')).toBe('Live at the BBC (Disc One)');
    expect(tidyFolderName('1999')).toBe('1999');
  });
});
