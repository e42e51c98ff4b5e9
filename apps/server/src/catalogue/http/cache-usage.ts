import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** How much a part of the cache holds. */
export interface Usage {
  files: number;
  bytes: number;
}

/** The transcoded audio per tier (kbps, from the file names `<kbps>-<key>.<ext>`) and the resized covers. */
export interface CacheUsage {
  tiers: (Usage & { kbps: number })[];
  images: Usage;
}

/** Every file under `dir` with its size (none when the folder does not exist yet). */
async function filesUnder(dir: string): Promise<{ name: string; bytes: number }[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  const files = entries.filter((e) => e.isFile());
  return Promise.all(
    files.map(async (e) => ({ name: e.name, bytes: await stat(join(e.parentPath, e.name)).then((s) => s.size, () => 0) })),
  );
}

/**
 * What DATA_DIR/cache holds (media-module.ts's layout: `audio/<trackId>/<kbps>-<key>.<ext>`, `images/...`),
 * for the Admin page. Files being written (temporary names) count too.
 */
export async function cacheUsage(cacheRoot: string): Promise<CacheUsage> {
  const byTier = new Map<number, Usage>();
  for (const f of await filesUnder(join(cacheRoot, 'audio'))) {
    const kbps = Number(/^(\d+)-/.exec(f.name)?.[1] ?? NaN);
    if (!Number.isFinite(kbps)) continue;
    const u = byTier.get(kbps) ?? { files: 0, bytes: 0 };
    byTier.set(kbps, { files: u.files + 1, bytes: u.bytes + f.bytes });
  }
  const images = (await filesUnder(join(cacheRoot, 'images'))).reduce((u, f) => ({ files: u.files + 1, bytes: u.bytes + f.bytes }), { files: 0, bytes: 0 });
  return { tiers: [...byTier].sort(([a], [b]) => b - a).map(([kbps, u]) => ({ kbps, ...u })), images };
}

/**
 * Empties the audio and cover caches; what they held. Every tier and size is made again on its next request
 * (a transcode under way when it runs fails once, and its next request starts it again).
 */
export async function clearCache(cacheRoot: string): Promise<Usage> {
  const before = await cacheUsage(cacheRoot);
  for (const part of ['audio', 'images']) await rm(join(cacheRoot, part), { recursive: true, force: true });
  const all = [...before.tiers, before.images];
  return { files: all.reduce((n, u) => n + u.files, 0), bytes: all.reduce((n, u) => n + u.bytes, 0) };
}
