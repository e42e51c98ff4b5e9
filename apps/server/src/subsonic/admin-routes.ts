import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/db.js';
import { CredentialsError, issueCredentials } from './credentials.js';
import type { SecretBox } from './secret-box.js';

const Body = z.object({ email: z.string().min(1), rotate: z.boolean().default(false) });

/**
 * `POST /admin/subsonic/credentials {email, rotate}` on the server's loopback
 * admin listener (behind its admin token), for `npm run admin -- subsonic
 * credentials` while a server holds the data folder.
 */
export function subsonicAdminRoutes(db: Db, box: SecretBox, now: () => number, forget: (email: string) => void): Hono {
  const routes = new Hono();
  routes.post('/admin/subsonic/credentials', async (c) => {
    const body = Body.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: 'body must be {"email": "<account email>", "rotate": <boolean>}' }, 400);
    try {
      const credentials = await issueCredentials(db, box, body.data.email, { rotate: body.data.rotate, now: new Date(now()) });
      if (body.data.rotate) forget(credentials.username);
      return c.json({ credentials });
    } catch (e) {
      if (e instanceof CredentialsError) return c.json({ error: e.message }, 404);
      throw e;
    }
  });
  return routes;
}
