/**
 * A title for a file without a usable TITLE tag, from its file name:
 * "03_an_untagged_song.mp3" -> "An Untagged Song", "1-02 - Elf-Land.ogg" -> "Elf-Land".
 */

// Words kept lower case inside a title ("Breaking the Chains"), as English title case does.
const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs']);

// "01 ", "007-", "1. ", "12 - ", "3) ", "1-02 ": a number that is a track number, not a title
// word ("7 Years" and "99 Luftballons" keep theirs: no leading zero and no separator).
const TRACK_PREFIXES = [/^\d{1,2}-\d{2,3}(?:\s*[-.)])?\s+/, /^0\d{0,2}(?:\s*[-.)])?\s*/, /^\d{1,3}\s*[-.)]\s*/];

function stemWords(fileName: string): { base: string; stem: string; text: string } {
  const base = fileName.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  let text = stem.replace(/_+/g, ' ');
  // A name with no spaces uses '-' or '.' between its words ("battle-epic").
  if (!/\s/.test(text.trim())) text = text.replace(/[-.]+/g, ' ');
  return { base, stem, text: text.replace(/\s+/g, ' ').trim() };
}

/** The track (and disc) number a file name starts with: "03_song.mp3" -> track 3, "1-02 - Elf-Land.ogg" -> disc 1, track 2. */
export function trackFromFileName(fileName: string): { track: number; disc: number | null } | null {
  const { stem } = stemWords(fileName);
  const text = stem.replace(/_+/g, ' ').trim();
  const discTrack = /^(\d{1,2})-(\d{2,3})(?:\s*[-.)])?\s+/.exec(text);
  if (discTrack) return { disc: Number(discTrack[1]), track: Number(discTrack[2]) };
  const prefix = TRACK_PREFIXES.slice(1).map((re) => re.exec(text)).find((m) => m !== null);
  const n = prefix ? Number(/^\d+/.exec(prefix[0])![0]) : 0;
  return n > 0 && prefix![0].length < text.length ? { disc: null, track: n } : null;
}

export function titleFromFileName(fileName: string): string {
  const { base, stem, text: words } = stemWords(fileName);
  let text = words;
  const prefix = TRACK_PREFIXES.map((re) => re.exec(text)).find((m) => m !== null);
  const rest = prefix ? text.slice(prefix[0].length).trim() : text;
  if (/\p{L}|\p{N}/u.test(rest)) text = rest;
  if (text === '') return stem.trim() || base;
  return hasMixedCase(text) ? text : titleCase(text);
}

function hasMixedCase(text: string): boolean {
  return text !== text.toLowerCase() && text !== text.toUpperCase();
}

export function titleCase(text: string): string {
  const words = text.toLowerCase().split(' ');
  return words
    .map((w, i) =>
      i > 0 && i < words.length - 1 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join(' ');
}

/** Tags that are URLs or file names are not titles ("track01.mp3", "http://..."). */
export function isJunkTitle(title: string): boolean {
  return /^[a-z]+:\/\//i.test(title) || /\.(mp3|m4a|mp4|flac|ogg|oga|opus|wav)$/i.test(title);
}
