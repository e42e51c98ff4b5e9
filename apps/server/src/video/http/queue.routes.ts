import { VIDEO_JOB_STATES, type VideoJobState, type VideoQueue } from '@lyra/contracts/video-queue';
import { Hono } from 'hono';
import type { Queryable } from '../../db/db.js';
import { mayAdminister, type AdminSession } from '../../http/came-over-network.js';

/**
 * `GET /api/admin/video-queue` for the admin page's Transcoding and storage:
 * how many preview requests wait, render, are done or gave up. Admins only
 * (the loopback admin API, or an administrator's session: `adminSession`).
 */
export function videoQueueRoutes(db: Queryable, worker: boolean, adminSession?: AdminSession): Hono {
  const routes = new Hono();
  const allowed = mayAdminister(adminSession);
  routes.get('/api/admin/video-queue', async (c) => {
    if (!(await allowed(c))) return c.json({ success: false, message: 'this is for administrators: sign in as one' }, 403);
    const rows = await db.query<{ state: string; n: number }>('select state, count(*)::int as n from video_jobs group by state');
    const count = (state: VideoJobState) => rows.find((r) => r.state === state)?.n ?? 0;
    const counts = Object.fromEntries(VIDEO_JOB_STATES.map((state) => [state, count(state)])) as Record<VideoJobState, number>;
    const data: VideoQueue = { ...counts, worker };
    return c.json({ success: true, data }, 200);
  });
  return routes;
}
