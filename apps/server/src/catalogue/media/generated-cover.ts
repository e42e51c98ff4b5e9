import { hash } from 'node:crypto';
import type { JpegOut } from '../../images/image-jobs.js';
import { images } from '../../images/image-process.js';
import { FONT_FAMILY, FONT_FILE } from './cover-fonts.js';

/**
 * Covers for albums (and catalogue playlists) that have no art: colours and a pattern derived from the
 * album id (stable across rescans, distinct per album) and the title set in
 * Inter ExtraBold, falling back to the Noto fonts shipped beside it for any
 * other script or emoji (cover-fonts.ts), like the covers streaming services
 * make for their own playlists.
 *
 * The cover id names the album and its title (`g1-<albumId>-<titleHash>`), so
 * a renamed album gets a new image at a new address while every image stays
 * cacheable for good. Bump RECIPE (the `g2`) when the drawing changes (g2: every
 * script drawn, where g1 showed boxes for CJK and emoji).
 */
const RECIPE = 'g2';
const ID = /^g2-([A-Za-z0-9_]{1,80})-([0-9a-f]{8})$/;

// One-shot hash: a list of 500 albums without art names 500 generated covers.
export const titleHash = (title: string): string => hash('sha1', title, 'hex').slice(0, 8);

export const generatedCoverId = (albumId: string, title: string): string => `${RECIPE}-${albumId}-${titleHash(title)}`;

/** The album id a generated cover id names, when it is one; null otherwise. */
export function parseGeneratedCoverId(coverId: string): { albumId: string; hash: string } | null {
  const m = ID.exec(coverId);
  return m ? { albumId: m[1]!, hash: m[2]! } : null;
}

/** True when the cover id was made for this title (a stale id, from before a rename, is not). */
export const matchesTitle = (hash: string, title: string): boolean => titleHash(title) === hash;

/** A cover's id: the album's own art when it has some, else its generated cover (albums only). */
export const coverOrGenerated = (coverId: string | null, albumId: string | null, albumName: string | null): string | null =>
  coverId ?? (albumId && albumName != null ? generatedCoverId(albumId, albumName) : null);

export interface CoverDesign {
  from: string;
  to: string;
  pattern: 'rings' | 'stripes' | 'dots' | 'arcs';
  angle: number;
}

/** Colours and pattern from the album id: two hues 40-100 degrees apart, rich but not garish. */
export function coverDesign(albumId: string): CoverDesign {
  const h = hash('sha256', albumId, 'buffer');
  const hue = (h[0]! * 256 + h[1]!) % 360;
  const spread = 40 + (h[2]! % 60);
  const hsl = (hh: number, s: number, l: number) => `hsl(${Math.round(hh) % 360}, ${s}%, ${l}%)`;
  return {
    from: hsl(hue, 62 + (h[3]! % 18), 46 + (h[4]! % 10)),
    to: hsl(hue + spread, 70, 22 + (h[5]! % 10)),
    pattern: (['rings', 'stripes', 'dots', 'arcs'] as const)[h[6]! % 4]!,
    angle: (h[7]! % 4) * 45 + 15,
  };
}

function patternSvg(d: CoverDesign, s: number): string {
  const line = 'fill="none" stroke="white" stroke-opacity="0.13"';
  switch (d.pattern) {
    case 'rings':
      return Array.from({ length: 7 }, (_, i) => `<circle cx="${s * 0.82}" cy="${s * 0.18}" r="${(i + 1) * s * 0.11}" ${line} stroke-width="${s * 0.018}"/>`).join('');
    case 'stripes':
      return `<g transform="rotate(${d.angle} ${s / 2} ${s / 2})">${Array.from({ length: 12 }, (_, i) => `<rect x="${-s + i * s * 0.26}" y="${-s}" width="${s * 0.07}" height="${s * 3}" fill="white" fill-opacity="0.09"/>`).join('')}</g>`;
    case 'dots':
      return Array.from({ length: 36 }, (_, i) => {
        const x = (i % 6) * s * 0.17 + s * 0.08;
        const y = Math.floor(i / 6) * s * 0.17 + s * 0.08;
        return `<circle cx="${x}" cy="${y}" r="${s * 0.022 * (1 + ((i * 7) % 5) / 4)}" fill="white" fill-opacity="0.14"/>`;
      }).join('');
    case 'arcs':
      return Array.from({ length: 5 }, (_, i) => `<circle cx="0" cy="${s}" r="${s * (0.35 + i * 0.2)}" ${line} stroke-width="${s * 0.05}"/>`).join('');
  }
}

/** The cover's background at `s` px: the design's gradient, its pattern and a shade towards the bottom. */
export function backgroundSvg(d: CoverDesign, s: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${d.from}"/><stop offset="1" stop-color="${d.to}"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="black" stop-opacity="0"/><stop offset="1" stop-color="black" stop-opacity="0.45"/></linearGradient></defs>
<rect width="${s}" height="${s}" fill="url(#g)"/>${patternSvg(d, s)}<rect width="${s}" height="${s}" fill="url(#shade)"/></svg>`;
}

/** A title fits in four lines: the longer it is, the smaller the type. */
const titleSizePx = (title: string, s: number) => Math.round(s * (title.length <= 12 ? 0.13 : title.length <= 24 ? 0.105 : title.length <= 40 ? 0.085 : 0.07));

/** Text as a transparent PNG, white at `opacity`, wrapped at word breaks to `widthPx`, cut to its ink. */
export function textLayer(text: string, sizePx: number, widthPx: number, opacity: number): Promise<Buffer> {
  return images().text({ text, sizePx, widthPx, opacity, fontFile: FONT_FILE, family: FONT_FAMILY });
}

/** A generated cover drawn at 500 px, as PNG, or as a JPEG of the size `jpeg` asks (the image store's files). */
export function renderGeneratedCover(albumId: string, title: string, artist: string | null, jpeg?: JpegOut): Promise<Buffer> {
  const s = 500;
  const margin = 36;
  const shown = title.length > 70 ? `${title.slice(0, 68).trimEnd()}…` : title;
  const text = { fontFile: FONT_FILE, family: FONT_FAMILY, widthPx: s - margin * 2, x: 'margin' } as const;
  return images().card({
    backgroundSvg: backgroundSvg(coverDesign(albumId), s),
    side: s,
    margin,
    jpeg,
    layers: [
      { ...text, text: shown, sizePx: titleSizePx(shown, s), opacity: 1, y: 'bottom' },
      ...(artist ? [{ ...text, text: artist.toUpperCase().slice(0, 40), sizePx: 20, opacity: 0.85, y: 'top' } as const] : []),
    ],
  });
}
