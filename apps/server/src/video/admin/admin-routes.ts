import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Logger } from '../../log.js';
import { VideoError, type Previews } from '../previews.js';
import { RenderError } from '../render/renderer.js';
import { FfmpegError } from '../render/run-ffmpeg.js';

const AddBody = z.object({ file: z.string().min(1) });

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The admin API the CLI calls on the loopback listener:
 *   GET    /admin/videos                  list previews
 *   PUT    /admin/videos/:songId          {file}: attach a music video
 *   POST   /admin/videos/:songId/render   render the cover + spectrum preview now
 *   DELETE /admin/videos/:songId          remove a preview
 * Every call carries `Authorization: Bearer <token from DATA_DIR/admin-token>`.
 * `more`: other modules' admin routes, served behind the same token.
 */
export function createAdminRoutes(previews: Previews, token: string, log: Logger, more?: Hono): Hono {
  const routes = new Hono();
  routes.use('/admin/*', async (c, next) => {
    const auth = c.req.header('authorization') ?? '';
    if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7), token)) {
      return c.json({ error: 'missing or wrong admin token' }, 401);
    }
    await next();
  });
  // Other modules' admin routes (subsonic credentials), behind the same token.
  if (more) routes.route('/', more);
  routes.get('/admin/videos', async (c) => c.json({ previews: await previews.list() }));
  routes.put('/admin/videos/:songId', async (c) => {
    const body = AddBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: 'body must be {"file": "<path of a video file>"}' }, 400);
    return c.json({ preview: await previews.attachVideo(c.req.param('songId'), body.data.file) });
  });
  routes.post('/admin/videos/:songId/render', async (c) =>
    c.json({ preview: await previews.renderSong(c.req.param('songId')) }),
  );
  routes.delete('/admin/videos/:songId', async (c) => {
    const removed = await previews.remove(c.req.param('songId'));
    return removed ? c.json({ removed }) : c.json({ error: `song ${c.req.param('songId')} has no video preview` }, 404);
  });
  routes.notFound((c) => c.json({ error: 'unknown admin route' }, 404));
  routes.onError((err, c) => errorResponse(c, err, log));
  return routes;
}

/** Domain errors become clear messages with a fitting status; anything else is logged. */
function errorResponse(c: Context, err: Error, log: Logger) {
  if (err instanceof VideoError) {
    const status = err.kind === 'not_found' ? 404 : err.kind === 'invalid' ? 400 : 503;
    return c.json({ error: err.message }, status);
  }
  if (err instanceof RenderError || err instanceof FfmpegError) {
    return c.json({ error: `ffmpeg failed: ${err.message}` }, 422);
  }
  log.error('admin request failed', { path: c.req.path, err });
  return c.json({ error: 'internal error (see the server log)' }, 500);
}
