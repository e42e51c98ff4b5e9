import type { JpegOut } from '../../images/image-jobs.js';
import { images } from '../../images/image-process.js';
import { FONT_FAMILY, FONT_FILE } from './cover-fonts.js';
import { backgroundSvg, coverDesign, titleHash } from './generated-cover.js';

/**
 * Pictures for artists with no album art of their own: the generated covers' style (colours and a
 * pattern from the artist id, generated-cover.ts) with the artist's initials in the middle, where a
 * round crop keeps them, like the initials music apps show for an artist without a photo. Drawn with
 * the covers' fonts, so a name in any script or an emoji gets real glyphs.
 *
 * The id names the artist and their name (`ga1-<artistId>-<nameHash>`): a name spelt anew gets a new
 * address and every picture stays cacheable for good. Bump RECIPE when the drawing changes.
 */
const RECIPE = 'ga1';
const ID = /^ga1-([A-Za-z0-9_]{1,80})-([0-9a-f]{8})$/;
const SIDE = 500;

export const generatedArtistPictureId = (artistId: string, name: string): string => `${RECIPE}-${artistId}-${titleHash(name)}`;

/** The artist id a generated artist picture id names, when it is one; null otherwise. */
export function parseGeneratedArtistPictureId(id: string): { artistId: string; hash: string } | null {
  const m = ID.exec(id);
  return m ? { artistId: m[1]!, hash: m[2]! } : null;
}

/**
 * An artist's picture id: the cover their own album gave them (artists.cover_id, kept by the scanner,
 * catalogue/store/artists.sql.ts), else their generated picture. Never the default logo.
 */
export const artistPictureId = (coverId: string | null, artistId: string, name: string): string =>
  coverId ?? generatedArtistPictureId(artistId, name);

const graphemes = (text: string): string[] =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);

/**
 * Up to two initials: the first letter or digit of the first two words ("Mira Solen" → "MS",
 * "DJ X" → "DX"); one character for a name written without spaces ("坂本龍一" → "坂"); a name with
 * no letter at all keeps its first symbol ("🎵 Club" → "C", "🎵" → "🎵"); nothing at all → "?".
 */
export function pictureInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initials = words
    .map((w) => graphemes(w).find((g) => /^[\p{L}\p{N}]/u.test(g)) ?? '')
    .filter(Boolean)
    .slice(0, 2);
  if (initials.length === 0) return graphemes(name.trim())[0] ?? '?';
  return initials.join('').toLocaleUpperCase();
}

/**
 * An artist's generated picture drawn at 500 px, as PNG (a master the image store cuts sizes from),
 * or as a JPEG of the size `jpeg` asks.
 */
export function renderGeneratedArtistPicture(artistId: string, name: string, jpeg?: JpegOut): Promise<Buffer> {
  const text = pictureInitials(name);
  return images().card({
    backgroundSvg: backgroundSvg(coverDesign(artistId), SIDE),
    side: SIDE,
    margin: 0,
    jpeg,
    layers: [
      {
        text,
        sizePx: Math.round(SIDE * (graphemes(text).length > 1 ? 0.34 : 0.4)),
        widthPx: SIDE,
        opacity: 0.95,
        fontFile: FONT_FILE,
        family: FONT_FAMILY,
        x: 'center',
        y: 'center',
      },
    ],
  });
}
