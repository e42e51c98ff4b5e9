import type { Song } from '@lyra/contracts/catalogue';
import { DOWNLOAD_QUALITIES } from '@lyra/contracts/ids';

/** A catalogue Song as our server sends it (catalogue-api.md §3.5), with overrides. */
export function makeSong(n: number | string, overrides: Partial<Song> = {}): Song {
  const id = typeof n === 'number' ? `song${String(n).padStart(4, '0')}` : n;
  return {
    id,
    name: `Song ${n}`,
    type: 'song',
    year: '2020',
    releaseDate: null,
    duration: 180,
    label: null,
    explicitContent: false,
    playCount: null,
    language: 'english',
    hasLyrics: false,
    lyricsId: null,
    url: `https://music.example/song/${id}`,
    copyright: null,
    album: { id: 'al1', name: 'An Album', url: null },
    artists: {
      primary: [{ id: 'ar1', name: 'An Artist With A Long Name', role: 'primary_artists', type: 'artist', image: [], url: '' }],
      featured: [],
      all: [],
    },
    image: [
      { quality: '50x50', url: `https://music.example/img/${id}/50.jpg` },
      { quality: '150x150', url: `https://music.example/img/${id}/150.jpg` },
      { quality: '500x500', url: `https://music.example/img/${id}/500.jpg` },
    ],
    downloadUrl: DOWNLOAD_QUALITIES.map((quality) => ({ quality, url: `https://music.example/media/${id}/${quality}.mp4` })),
    ...overrides,
  };
}

export const makeSongs = (count: number): Song[] => Array.from({ length: count }, (_, i) => makeSong(i + 1));
