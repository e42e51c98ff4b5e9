import { Hono } from 'hono';
import { z } from 'zod';
import type { Scanner } from '../scanner/scanner-service.js';

/**
 * Scanner administration, in the catalogue's envelope (catalogue-api.md §1.2):
 *
 * - `POST /api/admin/rescan` starts a scan in the background: 202
 *   `{success:true, data:{...ScanStatus, joined}}`; `joined` is
 *   true when a scan was already running (the request joins it, it does not
 *   start another). `?wait=true` waits and answers 200 with the ScanReport.
 * - `GET /api/admin/status`: 200 `{success:true, data:ScanStatus}`.
 */
const RescanQuery = z.object({ wait: z.enum(['true', 'false', '1', '0']).optional() }).strict();

export function createAdminRoutes(scanner: Scanner): Hono {
  const app = new Hono();

  app.post('/api/admin/rescan', async (c) => {
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
    const wait = parsed.data.wait === 'true' || parsed.data.wait === '1';
    const joined = scanner.isScanning();
    const scan = scanner.rescan();
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
  });

  app.get('/api/admin/status', async (c) => c.json({ success: true, data: await scanner.status() }, 200));

  return app;
}
