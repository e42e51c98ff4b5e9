import { Hono } from 'hono';
import type { Queryable } from '../../db/db.js';
import { cameOverNetwork } from '../../http/came-over-network.js';

/** The video-preview queue by state (video_jobs: queued, rendering, done, failed). */
export interface VideoQueue {
  queued: number;
  rendering: number;
  done: number;
  failed: number;
  /** Whether this server renders (VIDEO_WORKER). */
  worker: boolean;
}

/**
 * `GET /api/admin/video-queue` for the admin page's Transcoding and storage:
 * how many preview requests wait, render, are done or gave up. Admins only
 * (the loopback admin API, or an administrator's session forwarded by app.ts).
 */
export function videoQueueRoutes(db: Queryable, worker: boolean): Hono {
  const routes = new Hono();
  routes.get('/api/admin/video-queue', async (c) => {
    if (cameOverNetwork(c)) return c.json({ success: false, message: 'this is for administrators: sign in as one' }, 403);
    const rows = await db.query<{ state: string; n: number }>('select state, count(*)::int as n from video_jobs group by state');
    const count = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
    const data: VideoQueue = { queued: count('queued'), rendering: count('rendering'), done: count('done'), failed: count('failed'), worker };
    return c.json({ success: true, data }, 200);
  });
  return routes;
}
