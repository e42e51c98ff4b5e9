import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The fonts generated covers are drawn with, shipped in assets/fonts (SIL OFL; README.md there says
 * where each comes from): Inter ExtraBold for Latin, Cyrillic and Greek, and Noto for CJK (Chinese,
 * Japanese kana, Korean Hangul), Arabic, Hebrew, Thai, the Indic scripts and emoji.
 *
 * sharp draws text with Pango, which finds fonts through fontconfig. Pointing FONTCONFIG_FILE at
 * assets/fonts/fonts.conf, before the first text is drawn (fontconfig reads it once, on first use),
 * makes every character of a title come from a shipped font whatever the machine has installed, and
 * none from the machine: a cover looks the same on every server and never shows a missing-glyph box.
 */
export const FONTS_DIR = fileURLToPath(new URL('../../../assets/fonts/', import.meta.url));
export const FONT_FILE = join(FONTS_DIR, 'Inter-ExtraBold.ttf');
/** The family and weight in FONT_FILE, as Pango names it. */
export const FONT_FAMILY = 'Inter ExtraBold';
export const FONTCONFIG_FILE = join(FONTS_DIR, 'fonts.conf');

process.env.FONTCONFIG_FILE = FONTCONFIG_FILE;
