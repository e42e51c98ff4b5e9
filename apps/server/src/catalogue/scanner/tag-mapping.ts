import type { IAudioMetadata, ICommonTagsResult, IFormat } from 'music-metadata';
import { albumArtistName, primaryNames, trackCredits, VARIOUS_ARTISTS, type Credit } from './artist-credits.js';
import { isJunkTitle, titleFromFileName, trackFromFileName } from './file-title.js';
import { languageName } from './languages.js';

/** What the catalogue keeps of a file's tags (columns of `tracks`, 0001-catalogue.sql). */
export interface TrackTags {
  title: string;
  credits: Credit[];
  /** Primary artists joined with ', ' ('' when untagged): compared to group albums. */
  artistTag: string;
  album: string | null;
  albumArtist: string | null;
  compilation: boolean;
  trackNo: number | null;
  discNo: number | null;
  year: number | null;
  /** YYYY-MM-DD, only when the tag has a full date. */
  releaseDate: string | null;
  genre: string | null;
  language: string;
  label: string | null;
  copyright: string | null;
  explicit: boolean;
  /** The advisory tag: 'explicit', 'clean', or '' when untagged. */
  explicitStatus: ExplicitStatus;
  /** Beats per minute, a whole number. */
  bpm: number | null;
  comment: string | null;
  /** MusicBrainz recording id. */
  musicBrainzTrackId: string | null;
  musicBrainzAlbumId: string | null;
  isrc: string[];
  moods: string[];
  /** As tagged (MusicBrainz: album, single, ep, compilation, live...), each once. */
  releaseTypes: string[];
  /** YYYY, YYYY-MM or YYYY-MM-DD. */
  originalDate: string | null;
}

export type ExplicitStatus = 'explicit' | 'clean' | '';

/** Source audio facts; the transcoder uses bitrate and codec not to invent quality. */
export interface AudioFormat {
  codec: string | null;
  container: string | null;
  bitrateKbps: number | null;
  sampleRate: number | null;
  channels: number | null;
  /** Bits per sample of lossless streams (the parser gives none for lossy ones). */
  bitDepth: number | null;
  durationS: number | null;
}

const text = (v: string | undefined | null) => {
  // Control characters (NUL separators of ID3v2.4 lists among them) cannot be stored as text.
  const s = (v ?? '').replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return s === '' ? null : s;
};
const count = (n: number | null | undefined) => (n != null && Number.isInteger(n) && n > 0 && n < 10_000 ? n : null);
/** Several values, each once (case aside), tidied; a value may hold several separated by ';' or '/'. */
const texts = (vs: readonly (string | undefined | null)[] | undefined | null, split = false): string[] => {
  const seen = new Map<string, string>();
  for (const v of vs ?? []) {
    for (const part of split ? (v ?? '').split(/[;/]/) : [v]) {
      const t = text(part);
      if (t && !seen.has(t.toLowerCase())) seen.set(t.toLowerCase(), t);
    }
  }
  return [...seen.values()];
};
const plausibleYear = (y: number | null | undefined) => (y != null && Number.isInteger(y) && y >= 1000 && y <= 2999 ? y : null);

export function mapTags(common: ICommonTagsResult, native: IAudioMetadata['native'], fileName: string): TrackTags {
  const tagged = text(common.title);
  const credits = trackCredits({ artist: common.artist, artists: common.artists, composers: common.composer });
  const date = text(common.date) ?? text(common.originaldate);
  const fullDate = date && /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : null;
  const compilation = common.compilation === true;
  // Untagged numbers come from the file name ("03 Song.mp3"), so an untagged folder keeps its order.
  const trackNo = count(common.track?.no);
  const fromName = trackNo === null ? trackFromFileName(fileName) : null;
  const advisory = advisoryOf(native);
  return {
    title: titleOf(tagged, fileName),
    credits,
    artistTag: primaryNames(credits),
    album: text(common.album),
    albumArtist: albumArtistName(common.albumartist) ?? (compilation ? VARIOUS_ARTISTS : null),
    compilation,
    trackNo: trackNo ?? count(fromName?.track),
    discNo: count(common.disk?.no) ?? count(fromName?.disc),
    year: plausibleYear(common.year) ?? plausibleYear(date ? Number(date.slice(0, 4)) : null),
    releaseDate: fullDate,
    genre: text(common.genre?.[0]),
    language: languageName(common.language),
    label: text(common.label?.[0]) ?? text(common.publisher?.[0]),
    copyright: text(common.copyright),
    explicit: advisory === 'explicit',
    explicitStatus: advisory,
    bpm: common.bpm != null && Number.isFinite(common.bpm) && common.bpm > 0 && common.bpm < 1000 ? Math.round(common.bpm) : null,
    comment: commentOf(common.comment),
    musicBrainzTrackId: text(common.musicbrainz_recordingid),
    musicBrainzAlbumId: text(common.musicbrainz_albumid),
    isrc: texts(common.isrc),
    moods: texts([common.mood], true),
    releaseTypes: texts(common.releasetype, true),
    originalDate: originalDateOf(common),
  };
}

/** The first plain comment; players' own notes (iTunNORM, iTunSMPB...) are not comments. */
function commentOf(comments: ICommonTagsResult['comment']): string | null {
  for (const c of comments ?? []) {
    if (c.descriptor && /^itun/i.test(c.descriptor)) continue;
    const t = text(c.text);
    if (t) return t;
  }
  return null;
}

/** The original release date as precise as tagged (YYYY, YYYY-MM or YYYY-MM-DD), else its year. */
function originalDateOf(common: ICommonTagsResult): string | null {
  const m = /^(\d{4})(-\d{2}(-\d{2})?)?/.exec(text(common.originaldate) ?? '');
  if (m && plausibleYear(Number(m[1]))) return m[0];
  const year = plausibleYear(common.originalyear);
  return year == null ? null : String(year);
}

/** The TITLE tag; a tag that is a file name is tidied like one; a URL or nothing falls back to the file name. */
function titleOf(tagged: string | null, fileName: string): string {
  if (!tagged) return titleFromFileName(fileName);
  if (!isJunkTitle(tagged)) return tagged;
  return /^[a-z]+:\/\//i.test(tagged) ? titleFromFileName(fileName) : titleFromFileName(tagged);
}

// iTunes advisory: rtng / ITUNESADVISORY 1 (or 4, older files) = explicit, 2 = clean.
const ADVISORY_TAGS = new Set(['rtng', 'ITUNESADVISORY', 'TXXX:ITUNESADVISORY', '----:com.apple.iTunes:ITUNESADVISORY']);
function advisoryOf(native: IAudioMetadata['native']): ExplicitStatus {
  let status: ExplicitStatus = '';
  for (const tags of Object.values(native)) {
    for (const t of tags) {
      if (!ADVISORY_TAGS.has(t.id)) continue;
      const v = String(t.value);
      if (v === '1' || v === '4') return 'explicit';
      if (v === '2') status = 'clean';
    }
  }
  return status;
}

const CODECS: [RegExp, string][] = [
  [/layer 3|mp3/i, 'mp3'],
  [/layer 2/i, 'mp2'],
  [/alac/i, 'alac'],
  [/aac|mp4a/i, 'aac'],
  [/flac/i, 'flac'],
  [/vorbis/i, 'vorbis'],
  [/opus/i, 'opus'],
  [/pcm|float/i, 'pcm'],
];
const CONTAINERS: [RegExp, string][] = [
  [/^mpeg/i, 'mp3'],
  [/m4a|mp4|isom|mp42|m4b|3gp/i, 'mp4'],
  [/flac/i, 'flac'],
  [/ogg/i, 'ogg'],
  [/wav|riff/i, 'wav'],
];
const pick = (table: [RegExp, string][], v: string | undefined) =>
  v ? (table.find(([re]) => re.test(v))?.[1] ?? v.toLowerCase()) : null;

/**
 * `durationS` overrides the parser's (Ogg: computed from the last page, see
 * ogg-duration.ts). Without a declared bitrate, the average over the file is used.
 */
export function mapFormat(format: IFormat, sizeBytes: number, durationS?: number | null): AudioFormat {
  const duration = durationS ?? format.duration ?? null;
  const validDuration = duration != null && Number.isFinite(duration) && duration > 0 ? duration : null;
  const bps = format.bitrate && Number.isFinite(format.bitrate) && format.bitrate > 0 ? format.bitrate : null;
  const avg = validDuration ? (sizeBytes * 8) / validDuration : null;
  const kbps = bps ?? avg;
  return {
    codec: pick(CODECS, format.codec),
    container: pick(CONTAINERS, format.container),
    bitrateKbps: kbps ? Math.round(kbps / 1000) : null,
    sampleRate: format.sampleRate ? Math.round(format.sampleRate) : null,
    channels: format.numberOfChannels ?? null,
    bitDepth: count(format.bitsPerSample),
    durationS: validDuration,
  };
}

// No codec goes below ~6 kbps (Opus); a file averaging under 1 kbps over its stated
// duration is a header without its audio (a cut-off download).
const MIN_AVERAGE_BPS = 1_000;

/** Why a parsed file is not playable audio, or null when it is. */
export function undecodableReason(format: AudioFormat, sizeBytes: number): string | null {
  if (!format.codec || !format.sampleRate) return 'no audio stream found';
  if (format.durationS === null) return 'no decodable audio frames found';
  if ((sizeBytes * 8) / format.durationS < MIN_AVERAGE_BPS) {
    return `truncated: ${sizeBytes} bytes cannot hold ${format.durationS.toFixed(1)} s of audio`;
  }
  return null;
}
