import { type ArtistRow, artistPictureId, coverOrGenerated, imagePath } from '../catalogue/module.js';
import type { XmlObject } from './xml.js';
import type { AlbumRow } from './library-albums.sql.js';
import type { SongRow } from './library-songs.sql.js';
import { playsAsIs } from './tiers.js';

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

/** A date as OpenSubsonic's ItemDate: as precise as it is known (YYYY, YYYY-MM or YYYY-MM-DD); {} when it is not. */
export function itemDate(date: string | null, year: number | null = null): XmlObject {
  const m = /^(\d{4})(?:-(\d\d)(?:-(\d\d))?)?/.exec(date ?? '');
  if (!m) return year == null ? {} : { year };
  const month = m[2] ? Number(m[2]) : undefined;
  const day = m[3] ? Number(m[3]) : undefined;
  const okMonth = month != null && month >= 1 && month <= 12;
  return { year: Number(m[1]), month: okMonth ? month : undefined, day: okMonth && day != null && day >= 1 && day <= 31 ? day : undefined };
}

const names = (xs: readonly { name: string }[]) => xs.map((x) => x.name).join(', ');
const artistRefs = (xs: readonly { id: string; name: string }[]) => xs.map((x) => ({ id: x.id, name: x.name }));

/**
 * A song. The OpenSubsonic fields are sent even when nothing is known (0, '' or []), as
 * the extension asks servers to, so clients tell "none" from "not supported".
 */
export function songChild(s: SongRow): XmlObject {
  const suffix = suffixOf(s.path);
  const first = s.artists[0];
  const albumArtists = s.album_artist ? [s.album_artist] : s.artists;
  const composers = s.contributors.filter((c) => c.role === 'composer');
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
    // What `stream` sends without `format`: the file itself when it plays as it is, else an AAC tier in MP4 (media.ts).
    ...(playsAsIs(s.codec, suffix) ? {} : { transcodedContentType: 'audio/mp4', transcodedSuffix: 'm4a' }),
    duration: seconds(s.duration_s),
    bitRate: s.bitrate_kbps ?? undefined,
    bitDepth: s.bit_depth ?? 0,
    samplingRate: s.sample_rate ?? 0,
    channelCount: s.channels ?? 0,
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
    played: iso(s.played),
    bpm: s.bpm ?? 0,
    comment: s.comment ?? '',
    sortName: s.norm_title,
    musicBrainzId: s.mbz_track_id ?? '',
    isrc: s.isrc ?? [],
    genres: s.genre ? [{ name: s.genre }] : [],
    artists: artistRefs(s.artists),
    displayArtist: names(s.artists),
    albumArtists: artistRefs(albumArtists),
    displayAlbumArtist: names(albumArtists),
    contributors: s.contributors.map((c) => ({ role: c.role, artist: { id: c.id, name: c.name } })),
    displayComposer: composers.length ? names(composers) : undefined,
    moods: s.moods ?? [],
    replayGain,
    explicitStatus: s.explicit_status,
  };
}

/** The album artist tag, else its tracks' main performers (as the catalogue's own album shape does). */
export interface AlbumArtist {
  id: string;
  name: string;
}

/** What the caller alone knows of an album: their rating and latest play. */
export interface CallerFacts {
  rating: number | null;
  /** ISO. */
  played: string | null;
}

export const NO_CALLER_FACTS: CallerFacts = { rating: null, played: null };

export function albumId3(a: AlbumRow, artists: readonly AlbumArtist[], mine: CallerFacts = NO_CALLER_FACTS): XmlObject {
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
    played: iso(mine.played),
    userRating: mine.rating ?? undefined,
    recordLabels: a.label ? [{ name: a.label }] : [],
    musicBrainzId: a.mbz_album_id ?? '',
    genres: a.genre ? [{ name: a.genre }] : [],
    artists: artistRefs(artists),
    displayArtist: names(artists),
    releaseTypes: a.release_types ?? [],
    sortName: a.norm_name,
    originalReleaseDate: itemDate(a.original_date),
    releaseDate: itemDate(a.release_date, a.year),
    isCompilation: a.compilation,
  };
}

/**
 * An album as a folder of the legacy directory browse (getMusicDirectory of an artist,
 * getAlbumList): a Child, with the album's `name` and `songCount` beside its title, as
 * clients written against other servers read them.
 */
export function albumDir(a: AlbumRow, parent: string, artists: readonly AlbumArtist[], mine: CallerFacts = NO_CALLER_FACTS): XmlObject {
  return {
    id: a.id,
    parent,
    isDir: true,
    title: a.name,
    name: a.name,
    album: a.name,
    artist: artists.length ? artists.map((x) => x.name).join(', ') : undefined,
    year: a.year ?? undefined,
    genre: a.genre ?? undefined,
    coverArt: coverOrGenerated(a.cover_id, a.id, a.name) ?? undefined,
    songCount: a.song_count,
    duration: seconds(a.duration_s),
    playCount: a.play_count,
    created: iso(a.created),
    userRating: mine.rating ?? undefined,
    played: iso(mine.played),
    albumId: a.id,
    artistId: artists[0]?.id,
    isVideo: false,
    mediaType: 'album',
  };
}

/**
 * An artist's image, the same as the web app's: the cover of their own album (artists.cover_id, kept by
 * the scanner), else the picture generated from their name. Never none.
 */
export const artistCover = (a: ArtistRow): string => artistPictureId(a.cover_id, a.id, a.name);

/** The absolute URL of an artist's image (500 px, from /images), for `artistImageUrl`; `base` is the server's origin. */
export const artistImageUrl = (a: ArtistRow, base: string): string => base + imagePath(artistCover(a), 500);

export function artistId3(a: ArtistRow, base: string): XmlObject {
  return {
    id: a.id,
    name: a.name,
    coverArt: artistCover(a),
    artistImageUrl: artistImageUrl(a, base),
    albumCount: a.album_count,
    sortName: a.norm_name,
  };
}

/**
 * An artist in the legacy shape (getIndexes, search2, getArtistInfo, getStarred), with its image as
 * `coverArt` too (as ArtistID3 has it), for clients that fetch artist images through getCoverArt.
 */
export const artistEntry = (a: ArtistRow, base: string): XmlObject => ({
  id: a.id,
  name: a.name,
  coverArt: artistCover(a),
  artistImageUrl: artistImageUrl(a, base),
});

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
