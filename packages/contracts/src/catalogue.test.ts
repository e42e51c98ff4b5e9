import { describe, expect, it } from 'vitest';
import { DOWNLOAD_QUALITIES, ErrorBody, HomeRowsFile, IMAGE_QUALITIES, Song, SongsResponse } from './catalogue.js';
import { BITRATES_KBPS, IMAGE_SIZES } from './ids.js';

const image = IMAGE_QUALITIES.map((quality) => ({ quality, url: `https://x/${quality}.jpg` }));
const song = {
  id: 'Xk3pQ9aB',
  name: 'Paper Lanterns',
  type: 'song',
  year: '2021',
  releaseDate: '2021-06-18',
  duration: 214,
  label: null,
  explicitContent: false,
  playCount: 3,
  language: 'english',
  hasLyrics: false,
  lyricsId: null,
  url: 'https://music.example/song/paper-lanterns/Xk3pQ9aB',
  copyright: null,
  album: { id: null, name: null, url: null },
  artists: { primary: [], featured: [], all: [] },
  image,
  downloadUrl: DOWNLOAD_QUALITIES.map((quality) => ({ quality, url: `https://x/${quality}.mp4` })),
};

describe('catalogue contracts', () => {
  it('label orders match the tier and size constants', () => {
    expect(IMAGE_QUALITIES).toEqual(IMAGE_SIZES.map((s) => `${s}x${s}`));
    expect(DOWNLOAD_QUALITIES).toEqual(BITRATES_KBPS.map((k) => `${k}kbps`));
  });

  it('accepts a reference-shaped song and rejects a numeric year', () => {
    expect(SongsResponse.safeParse({ success: true, data: [song] }).success).toBe(true);
    expect(Song.safeParse({ ...song, year: 2021 }).success).toBe(false);
    expect(Song.safeParse({ ...song, downloadUrl: [{ quality: '256kbps', url: 'x' }] }).success).toBe(false);
  });

  it('requires a message on every error body', () => {
    expect(ErrorBody.safeParse({ success: false, message: 'song not found' }).success).toBe(true);
    expect(ErrorBody.safeParse({ success: false, error: { name: 'ZodError', issues: [] } }).success).toBe(false);
  });

  it('fills home-row defaults and rejects unknown keys and source types', () => {
    const parsed = HomeRowsFile.parse({
      rows: [{ id: 'top-hits', title: 'Top Hits', kind: 'songs', sources: [{ type: 'search', query: 'top' }] }],
    });
    expect(parsed.rows?.[0]).toMatchObject({ layout: 'row', limit: 10 });
    expect(HomeRowsFile.safeParse({ rowz: [] }).success).toBe(false);
    expect(
      HomeRowsFile.safeParse({ rows: [{ id: 'x', title: 'X', kind: 'songs', limt: 5, sources: [{ type: 'newest' }] }] }).success,
    ).toBe(false);
    expect(
      HomeRowsFile.safeParse({ rows: [{ id: 'x', title: 'X', kind: 'songs', sources: [{ type: 'charts' }] }] }).success,
    ).toBe(false);
  });
});
