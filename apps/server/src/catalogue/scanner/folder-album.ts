import { isDiscFolder } from './cover-store.js';
import { titleCase } from './file-title.js';

/**
 * The album name a folder gives to files without an ALBUM tag:
 * "Mira Solen/Harbour_Lights (2021) [FLAC]" -> "Harbour Lights";
 * a disc folder ("CD2", "Disc 1") takes its parent's name. Files at the
 * top of the music folder have none (the library root is not an album).
 */
export function albumFromFolder(dir: string): string | null {
  const parts = dir.split('/').filter((p) => p !== '');
  let name = parts.pop();
  if (name !== undefined && isDiscFolder(name)) name = parts.pop();
  if (name === undefined) return null;
  return tidyFolderName(name);
}

// Trailing qualifiers that describe the files, not the album: "[FLAC]", "(320 kbps)", "[2021]", "(WEB)".
const QUALIFIER = /\s*[[(](?:\d{4}|flac|mp3|aac|ogg|opus|alac|wav|web|lossless|v0|v2|\d{2,3}\s*k(?:bps)?|\d{2}[-/]\d{2,3}|\d{2}\s*bit[^\])]*)[\])]$/i;
// A leading year: "2003 - Album", "(2003) Album", "[2003] Album".
const LEADING_YEAR = /^(?:[[(]\d{4}[\])]|\d{4}\s+-)\s*/;

export function tidyFolderName(name: string): string | null {
  let text = name.replace(/_+/g, ' ');
  // A name with no spaces uses '-' between its words ("night-drive").
  if (!/\s/.test(text.trim())) text = text.replace(/-+/g, ' ');
  text = text.replace(/\s+/g, ' ').trim();
  for (let before = ''; before !== text; ) {
    before = text;
    text = text.replace(QUALIFIER, '').replace(LEADING_YEAR, '').trim();
  }
  if (!/\p{L}|\p{N}/u.test(text)) return null;
  return text === text.toLowerCase() || text === text.toUpperCase() ? titleCase(text) : text;
}
