import { Hono } from 'hono';
import type { Db } from '../db/db.js';

/** How long /readyz waits for the database's answer. */
export const READY_TIMEOUT_MS = 2000;

/** Whether `select 1` answers within `timeoutMs`. */
export async function databaseAnswers(db: Pick<Db, 'query'>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.query('select 1').then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for a supervisor or load balancer: `/healthz` says the process
 * serves HTTP (liveness); `/readyz` says it can serve requests, i.e. the
 * database answers (readiness), and asks to be tried again in 5 s when not.
 */
export function healthRoutes(db: Pick<Db, 'query'>, { timeoutMs = READY_TIMEOUT_MS } = {}): Hono {
  const routes = new Hono();
  routes.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }));
  routes.get('/readyz', async (c) =>
    (await databaseAnswers(db, timeoutMs))
      ? c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' })
      : c.json({ status: 'unavailable' }, 503, { 'cache-control': 'no-store', 'retry-after': '5' }),
  );
  return routes;
}
