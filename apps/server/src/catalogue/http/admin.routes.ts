import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import { mayAdminister, type AdminSession } from '../../http/came-over-network.js';
import type { Scanner, ScanStatus } from '../scanner/scanner-service.js';
import { cacheUsage, clearCache } from './cache-usage.js';

/**
 * Scanner administration, in the catalogue's envelope (catalogue-api.md §1.2):
 *
 * - `POST /api/admin/rescan` starts a scan in the background: 202
 *   `{success:true, data:{...ScanStatus, joined}}`; `joined` is
 *   true when a scan was already running (the request joins it, it does not
 *   start another). `?wait=true` waits and answers 200 with the ScanReport.
 *   `?full=false` scans quickly: folders whose mtime and entry count did not
 *   change are skipped (scanner/folder-skip.ts); the default stats every file.
 * - `GET /api/admin/status`: 200 `{success:true, data:ScanStatus}` to the
 *   loopback admin API (`GET /admin/catalogue/status`, which calls it in
 *   process); over the network only `{scanning, tracks}` (whether a scan runs
 *   and how many songs there are, which anyone can count anyway), so what the
 *   music folder holds, fails to read or is being watched stays with admins.
 *
 * The rescan is an admin action: a request that came over the network (the
 * public port, where any site could trigger it from a browser) is refused
 * with 403. Admins reach it through the loopback admin API
 * (`POST /admin/catalogue/rescan`), which calls it in process, or with an
 * administrator's session (`adminSession`, which app.ts hands over from the backend).
 * - `GET /api/admin/scan-errors`: the files scans could not read and why
 *   (`{path, message, at}`, newest first, at most MAX_SCAN_ERRORS); admins only.
 * - `GET /api/admin/storage`: `{ffmpeg, ffprobe, cache: {tiers: [{kbps, files, bytes}], images}}`;
 *   `DELETE /api/admin/cache` empties the audio and cover caches (`{files, bytes}` freed); admins only.
 */
const flag = z.enum(['true', 'false', '1', '0']).optional();
const RescanQuery = z.object({ wait: flag, full: flag }).strict();
const yes = (v: string | undefined) => v === 'true' || v === '1';


/** What anyone may read of the scan status (start-up scripts wait on it for a scanned library). */
const publicStatus = ({ scanning, tracks }: ScanStatus) => ({ scanning, tracks });

/** Starts (or joins) a scan as `?wait=` and `?full=` ask; the same answer on /api/admin/rescan and the loopback admin API. */
async function rescanReply(c: Context, scanner: Scanner): Promise<Response> {
  const parsed = RescanQuery.safeParse(c.req.query());
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? issue.path.join('.') : 'query';
    return c.json(
      {
        success: false,
        message: `invalid ${where}: ${issue.message}`,
        error: { issues: parsed.error.issues, name: 'ZodError' },
      },
      400,
    );
  }
  const wait = yes(parsed.data.wait);
  const full = parsed.data.full === undefined || yes(parsed.data.full);
  const joined = scanner.isScanning();
  const scan = scanner.rescan(full ? 'full' : 'quick');
  if (wait) {
    try {
      return c.json({ success: true, data: await scan }, 200);
    } catch (e) {
      return c.json({ success: false, message: `scan failed: ${(e as Error).message}` }, 500);
    }
  }
  // Failures are logged by the scanner; the request has already been answered.
  scan.catch(() => {});
  return c.json({ success: true, data: { ...(await scanner.status()), joined } }, 202);
}

/**
 * The catalogue's part of the loopback admin API (served behind the admin
 * token by the video module's admin listener), answered by the scanner itself:
 *   POST /admin/catalogue/rescan[?wait=true][&full=false]   start (or join) a scan
 *   GET  /admin/catalogue/status               the scan status, in full
 */
export function catalogueAdminRoutes(scanner: Scanner): Hono {
  const app = new Hono();
  app.post('/admin/catalogue/rescan', (c) => rescanReply(c, scanner));
  app.get('/admin/catalogue/status', async (c) => c.json({ success: true, data: await scanner.status() }, 200));
  return app;
}

/** How many failed files `GET /api/admin/scan-errors` lists, newest first. */
export const MAX_SCAN_ERRORS = 500;

export interface AdminStorage {
  /** DATA_DIR/cache. */
  cacheRoot: string;
  /** The ffmpeg and ffprobe the server found (null: not found). */
  tools: { ffmpeg: string | null; ffprobe: string | null };
}

export function createAdminRoutes(scanner: Scanner, db: Queryable, storage: AdminStorage, adminSession?: AdminSession): Hono {
  const app = new Hono();
  const allowed = mayAdminister(adminSession);
  const adminsOnly = async (c: Context) => ((await allowed(c)) ? null : c.json({ success: false, message: 'this is for administrators: sign in as one' }, 403));

  /** Transcoding and storage (the admin page): ffmpeg found or not, the cache per tier. */
  app.get('/api/admin/storage', async (c) => {
    const refused = await adminsOnly(c);
    if (refused) return refused;
    const { ffmpeg, ffprobe } = storage.tools;
    return c.json({ success: true, data: { ffmpeg, ffprobe, cache: await cacheUsage(storage.cacheRoot) } }, 200);
  });

  /** Empties the audio and cover caches: `{files, bytes}` they held. */
  app.delete('/api/admin/cache', async (c) => {
    const refused = await adminsOnly(c);
    if (refused) return refused;
    return c.json({ success: true, data: await clearCache(storage.cacheRoot) }, 200);
  });

  /** Files the scans could not read, and why (the admin page's "Failed files"); admins only. */
  app.get('/api/admin/scan-errors', async (c) => {
    const refused = await adminsOnly(c);
    if (refused) return refused;
    const rows = await db.query<{ path: string; message: string; at: Date }>(
      'select path, message, at from scan_errors order by at desc, path limit $1',
      [MAX_SCAN_ERRORS],
    );
    return c.json({ success: true, data: rows.map((r) => ({ path: r.path, message: r.message, at: new Date(r.at).toISOString() })) }, 200);
  });

  app.post('/api/admin/rescan', async (c) => {
    if (!(await allowed(c))) {
      return c.json({ success: false, message: 'rescan is an admin action: use the loopback admin API (POST /admin/catalogue/rescan at the address in DATA_DIR/admin-token)' }, 403);
    }
    return rescanReply(c, scanner);
  });

  app.get('/api/admin/status', async (c) => {
    const status = await scanner.status();
    return c.json({ success: true, data: (await allowed(c)) ? status : publicStatus(status) }, 200);
  });

  return app;
}
