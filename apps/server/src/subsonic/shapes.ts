import { coverOrGenerated } from '../catalogue/module.js';
import type { XmlObject } from './xml.js';
import type { AlbumRow } from './library-albums.sql.js';
import type { ArtistRow } from './library-artists.sql.js';
import type { SongRow } from './library-songs.sql.js';

/**
 * Catalogue rows as the protocol's objects (Child, AlbumID3, ArtistID3), in
 * their JSON form; the XML form is made from the same values (xml.ts).
 * Absent facts are left out rather than sent empty.
 */

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  m4b: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  wma: 'audio/x-ms-wma',
  ape: 'audio/x-ape',
  wv: 'audio/x-wavpack',
};

export const suffixOf = (path: string): string => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export const contentTypeOf = (suffix: string): string => CONTENT_TYPES[suffix] ?? 'application/octet-stream';

/** PostgreSQL's JSON form of a UTC timestamp (queryJsonRows), microseconds optional. */
const PG_UTC = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

/** ISO 8601 in UTC with milliseconds, as JavaScript writes it; a UTC text from the database is rewritten without a Date. */
const iso = (d: Date | string | null): string | undefined => {
  if (d == null) return undefined;
  const m = typeof d === 'string' ? PG_UTC.exec(d) : null;
  return m ? `${m[1]}.${(m[2] ?? '').slice(0, 3).padEnd(3, '0')}Z` : new Date(d).toISOString();
};

const seconds = (s: number | null): number => (s == null ? 0 : Math.round(s));

/** Numbers from REAL columns carry float noise (−6.9800000190734863): two decimals are plenty for gain. */
const gain = (v: number | null): number | undefined => (v == null ? undefined : Math.round(v * 100) / 100);
const peak = (v: number | null): number | undefined => (v == null ? undefined : Math.round(v * 1e6) / 1e6);

export function songChild(s: SongRow): XmlObject {
  const suffix = suffixOf(s.path);
  const first = s.artists[0];
  const replayGain =
    s.track_gain_db == null && s.album_gain_db == null
      ? undefined
      : {
          trackGain: gain(s.track_gain_db),
          trackPeak: peak(s.track_peak),
          albumGain: gain(s.album_gain_db),
          albumPeak: peak(s.album_peak),
        };
  return {
    id: s.id,
    parent: s.album_id ?? undefined,
    isDir: false,
    title: s.title,
    album: s.album_name ?? undefined,
    artist: s.artists.length ? s.artists.map((a) => a.name).join(', ') : undefined,
    track: s.track_no ?? undefined,
    year: s.year ?? undefined,
    genre: s.genre ?? undefined,
    coverArt: coverOrGenerated(s.cover_id, s.album_id, s.album_name) ?? undefined,
    size: s.size_bytes,
    contentType: contentTypeOf(suffix),
    suffix,
    duration: seconds(s.duration_s),
    bitRate: s.bitrate_kbps ?? undefined,
    samplingRate: s.sample_rate ?? undefined,
    channelCount: s.channels ?? undefined,
    path: s.path,
    isVideo: false,
    playCount: s.play_count,
    discNumber: s.disc_no ?? undefined,
    created: iso(s.created),
    starred: iso(s.starred),
    userRating: s.user_rating ?? undefined,
    albumId: s.album_id ?? undefined,
    artistId: first?.id,
    type: 'music',
    mediaType: 'song',
    sortName: s.norm_title,
    genres: s.genre ? [{ name: s.genre }] : [],
    artists: s.artists.map((a) => ({ id: a.id, name: a.name })),
    displayArtist: s.artists.map((a) => a.name).join(', ') || undefined,
    replayGain,
  };
}

/** The album artist tag, else its tracks' main performers (as the catalogue's own album shape does). */
export interface AlbumArtist {
  id: string;
  name: string;
}

export function albumId3(a: AlbumRow, artists: readonly AlbumArtist[]): XmlObject {
  const main = artists[0];
  return {
    id: a.id,
    name: a.name,
    artist: artists.length ? artists.map((x) => x.name).join(', ') : undefined,
    artistId: main?.id,
    coverArt: coverOrGenerated(a.cover_id, a.id, a.name) ?? undefined,
    songCount: a.song_count,
    duration: seconds(a.duration_s),
    playCount: a.play_count,
    created: iso(a.created) ?? new Date(0).toISOString(),
    year: a.year ?? undefined,
    genre: a.genre ?? undefined,
    sortName: a.norm_name,
    genres: a.genre ? [{ name: a.genre }] : [],
    artists: artists.map((x) => ({ id: x.id, name: x.name })),
    displayArtist: artists.map((x) => x.name).join(', ') || undefined,
  };
}

/** An album as a folder of the legacy directory browse (getMusicDirectory of an artist). */
export function albumDir(a: AlbumRow, parent: string, artists: readonly AlbumArtist[]): XmlObject {
  return {
    id: a.id,
    parent,
    isDir: true,
    title: a.name,
    album: a.name,
    artist: artists.length ? artists.map((x) => x.name).join(', ') : undefined,
    year: a.year ?? undefined,
    genre: a.genre ?? undefined,
    coverArt: coverOrGenerated(a.cover_id, a.id, a.name) ?? undefined,
    duration: seconds(a.duration_s),
    playCount: a.play_count,
    created: iso(a.created),
    albumId: a.id,
    artistId: artists[0]?.id,
  };
}

export function artistId3(a: ArtistRow): XmlObject {
  return {
    id: a.id,
    name: a.name,
    coverArt: a.cover_id ?? undefined,
    albumCount: a.album_count,
    sortName: a.norm_name,
  };
}

/** Index letter of a name: its first letter, upper case, accents dropped; '#' for anything else. */
export function indexLetter(normName: string): string {
  const c = normName.normalize('NFKD').replace(/\p{M}/gu, '').charAt(0).toUpperCase();
  return /\p{L}/u.test(c) ? c : '#';
}

/** Artists grouped by index letter, '#' last. */
export function indexArtists<T>(artists: readonly ArtistRow[], item: (a: ArtistRow) => T): { name: string; artist: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const a of artists) {
    const letter = indexLetter(a.norm_name || a.name);
    const list = groups.get(letter);
    if (list) list.push(item(a));
    else groups.set(letter, [item(a)]);
  }
  return [...groups.keys()]
    .sort((x, y) => (x === '#' ? 1 : y === '#' ? -1 : x.localeCompare(y)))
    .map((name) => ({ name, artist: groups.get(name)! }));
}
