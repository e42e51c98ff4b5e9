import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono } from 'hono';
import type { Deps } from '../../module.js';

/** /media (audio tiers with Range) and /images (50/150/500 px covers). */
export interface Media {
  routes: Hono;
  raw?: (req: IncomingMessage, res: ServerResponse) => boolean;
  stop(): Promise<void>;
}

export function createMedia(_deps: Deps): Media {
  return { routes: new Hono(), stop: async () => {} };
}
