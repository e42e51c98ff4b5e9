import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { images } from '../../images/image-process.js';

/** The app's default cover (SPEC#limits-default-logo-image: "a default logo image is used when a cover is missing"). */
export const DEFAULT_COVER_SVG = fileURLToPath(new URL('../../../assets/default-cover.svg', import.meta.url));

/**
 * ffmpeg cannot read SVG, so the default cover is rasterised once (by the image process) into
 * the videos folder. Null when the asset is missing: renders then fall back to
 * a plain background.
 */
export async function defaultCoverPng(videosDir: string, sizePx: number): Promise<string | null> {
  const out = join(videosDir, `.default-cover-${sizePx}.png`);
  try {
    await access(out);
    return out;
  } catch {
    // not made yet
  }
  try {
    await mkdir(videosDir, { recursive: true });
    const tmp = `${out}.${process.pid}.tmp`;
    await writeFile(tmp, await images().rasterize({ path: DEFAULT_COVER_SVG }, sizePx));
    await rename(tmp, out);
    return out;
  } catch {
    return null;
  }
}
