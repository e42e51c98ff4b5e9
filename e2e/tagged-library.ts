/**
 * A small tagged library for browser tests of artist and album pages: a compilation (album
 * artist Various Artists), a featured artist ("Sunburn — DJ X, Lena Park"), two albums with
 * one name by different artists, and CJK and accented titles. Files are short generated tones
 * with the tags a tagger writes; scan after.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

interface TaggedSong {
  file: string;
  title: string;
  artist: string;
  album: string;
  albumArtist?: string;
  track: number;
  year: number;
  compilation?: boolean;
  seconds: number;
}

export const TAGGED = {
  lena: 'Lena Park',
  various: 'Various Artists',
  djx: 'DJ X',
  zoe: 'Zoë Ångström',
  harbour: 'Harbour',
  nightDrive: 'Night Drive',
  sunburn: 'Sunburn',
  greatestHits: 'Greatest Hits',
  cjkAlbum: '夜の街',
} as const;

export const TAGGED_SONGS: readonly TaggedSong[] = [
  // Lena Park's own album, with a CJK title.
  { file: 'Lena Park/Harbour/01.mp3', title: 'Pier', artist: TAGGED.lena, album: TAGGED.harbour, track: 1, year: 2018, seconds: 3 },
  { file: 'Lena Park/Harbour/02.mp3', title: '東京の雨', artist: TAGGED.lena, album: TAGGED.harbour, track: 2, year: 2018, seconds: 4 },
  { file: 'Lena Park/Greatest Hits/01.mp3', title: 'Low Tide', artist: TAGGED.lena, album: TAGGED.greatestHits, track: 1, year: 2022, seconds: 3 },
  // A compilation she is on.
  { file: 'Various/Night Drive/01.mp3', title: 'Fog Lights', artist: TAGGED.lena, album: TAGGED.nightDrive, albumArtist: TAGGED.various, compilation: true, track: 1, year: 2020, seconds: 3 },
  { file: 'Various/Night Drive/02.mp3', title: 'Café Noir', artist: TAGGED.zoe, album: TAGGED.nightDrive, albumArtist: TAGGED.various, compilation: true, track: 2, year: 2020, seconds: 3 },
  // DJ X's album, Lena Park featured.
  { file: 'DJ X/Sunburn/01.mp3', title: 'Sunburn', artist: `${TAGGED.djx} feat. ${TAGGED.lena}`, album: TAGGED.sunburn, track: 1, year: 2021, seconds: 3 },
  // Another "Greatest Hits", by Zoë Ångström, with a CJK album of hers.
  { file: 'Zoe/Greatest Hits/01.mp3', title: 'Élan', artist: TAGGED.zoe, album: TAGGED.greatestHits, track: 1, year: 2015, seconds: 3 },
  { file: 'Zoe/Yoru/01.mp3', title: '夜明け', artist: TAGGED.zoe, album: TAGGED.cjkAlbum, track: 1, year: 2019, seconds: 3 },
];

/** Writes the songs into `musicDir`. */
export function writeTaggedLibrary(musicDir: string): void {
  for (const [i, s] of TAGGED_SONGS.entries()) {
    const path = join(musicDir, s.file);
    mkdirSync(join(path, '..'), { recursive: true });
    const tags = {
      title: s.title,
      artist: s.artist,
      album: s.album,
      track: String(s.track),
      date: String(s.year),
      ...(s.albumArtist ? { album_artist: s.albumArtist } : {}),
      ...(s.compilation ? { compilation: '1' } : {}),
    };
    execFileSync('ffmpeg', [
      '-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=${330 + i * 55}:duration=${s.seconds}`, '-c:a', 'libmp3lame', '-b:a', '64k',
      '-id3v2_version', '3', ...Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]), path,
    ]);
  }
}
