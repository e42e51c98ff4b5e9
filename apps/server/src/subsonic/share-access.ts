import { Hono, type Context } from 'hono';
import { BITRATES_KBPS, type BitrateKbps } from '@lyra/contracts/ids';
import { baseUrl, ceilingTier, coverOrGenerated, imagePath, mediaPath } from '../catalogue/module.js';
import type { ServerDocuments } from '../backend/module.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { SongRow } from './library-songs.sql.js';
import { sharedSongs } from './shared-items.js';
import { shareLive } from './shares.js';
import { sharesStore, type ShareRow } from './shares.sql.js';

/** What the holder of a forged or removed share link is told. */
export const SHARE_NOT_FOUND = 'This share link does not exist or was removed';
export const SHARE_EXPIRED = 'This share link has expired';

/** The tier a share plays: the best one at or under its cap (the smallest tier when the cap is under all). */
export function shareTier(maxBitRate: number | null): BitrateKbps {
  if (maxBitRate === null) return 320;
  return [...BITRATES_KBPS].reverse().find((t) => t <= maxBitRate) ?? BITRATES_KBPS[0];
}

const MEDIA = /^\/media\/([^/]+)\/(\d+)\.mp4$/;
const IMAGE = /^\/images\/([^/]+)\/\d+\.jpg$/;

/**
 * What opening a share reads: the shares, the backend's documents (a shared playlist, read as its sharer)
 * and the catalogue as a given account may see it (its libraries: a share opens only songs its sharer may
 * still listen to).
 */
export interface ShareDeps {
  db: Db;
  documents: ServerDocuments;
  catalogueOf(userId: string): Promise<Db>;
}

/** The songs share `share` covers now. */
const songsOf = async (deps: ShareDeps, share: ShareRow): Promise<SongRow[]> =>
  sharedSongs(await deps.catalogueOf(share.user_id), deps.documents, share, '');

/** A live share and the songs it covers now; null when it is unknown or expired. */
async function liveShare(deps: ShareDeps, id: string, now: number): Promise<{ share: ShareRow; songs: SongRow[] } | null> {
  const share = await sharesStore(deps.db).byId(id);
  if (!share || !shareLive(share, now)) return null;
  return { share, songs: await songsOf(deps, share) };
}

/**
 * Whether the holder of share `id` may fetch `path` (site-relative, no query): a shared song's audio
 * at or under the share's cap, or a shared song's cover. Nothing else.
 */
export async function shareAdmits(deps: ShareDeps, id: string, path: string, now: number): Promise<boolean> {
  const media = MEDIA.exec(path);
  const image = media ? null : IMAGE.exec(path);
  if (!media && !image) return false;
  const live = await liveShare(deps, id, now);
  if (!live) return false;
  if (media) {
    const song = live.songs.find((s) => s.id === decodeURIComponent(media[1]!));
    return song !== undefined && Number(media[2]) <= shareTier(live.share.max_bit_rate);
  }
  const cover = decodeURIComponent(image![1]!);
  return cover === 'default' || live.songs.some((s) => (coverOrGenerated(s.cover_id, s.album_id, s.album_name) ?? 'default') === cover);
}

/** `/api/shares/<id>`: what the gate of a private server lets anyone reach (the route checks the share). */
export const isSharePath = (path: string): boolean => /^\/api\/shares\/[^/]+$/.test(path);

const failure = (c: Context, status: 404 | 410, message: string) => {
  c.header('cache-control', 'no-store');
  return c.json({ success: false, message }, status);
};

/**
 * A share link opened, in the catalogue's envelope, for anyone holding it (even on a private server):
 *
 *   GET /api/shares/:id   {success: true, data: {id, description, expires, songs: [{id, title, artist,
 *                         album, durationS, url, image}]}}; 404 unknown or removed, 410 expired
 *
 * Each song's `url` and `image` carry `share=<id>`, which opens that audio (at the share's quality cap)
 * and that cover through a private server's gate. Each opening counts as a visit.
 */
export function shareRoutes(deps: ShareDeps & { config: Config; now: () => number }): Hono {
  const routes = new Hono();
  routes.get('/api/shares/:id', async (c) => {
    const id = c.req.param('id');
    const share = await sharesStore(deps.db).byId(id);
    if (!share) return failure(c, 404, SHARE_NOT_FOUND);
    if (!shareLive(share, deps.now())) return failure(c, 410, SHARE_EXPIRED);
    await sharesStore(deps.db).visited(id, new Date(deps.now()));
    const songs = await songsOf(deps, share);
    const base = baseUrl(deps.config, c.req.url);
    const key = `?share=${encodeURIComponent(id)}`;
    const cap = shareTier(share.max_bit_rate);
    const tier = (s: SongRow) => Math.min(cap, ceilingTier(s.bitrate_kbps, s.codec)) as BitrateKbps;
    c.header('cache-control', 'no-store');
    return c.json({
      success: true,
      data: {
        id: share.id,
        description: share.description,
        expires: share.expires_at?.toISOString() ?? null,
        songs: songs.map((s) => ({
          id: s.id,
          title: s.title,
          artist: s.artists.map((a) => a.name).join(', '),
          album: s.album_name,
          durationS: s.duration_s,
          url: base + mediaPath(s.id, tier(s)) + key,
          image: base + imagePath(coverOrGenerated(s.cover_id, s.album_id, s.album_name), 500) + key,
        })),
      },
    });
  });
  return routes;
}
