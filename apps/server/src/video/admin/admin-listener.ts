import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Serves the admin routes on 127.0.0.1 at a random port, apart from the
 * public port, so the admin API is never reachable from another machine.
 */
export async function listenAdmin(routes: Hono): Promise<{ url: string; close(): Promise<void> }> {
  const listener = getRequestListener(routes.fetch);
  const server: Server = createServer((req, res) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) {
      res.writeHead(403).end();
      return;
    }
    void listener(req, res);
  });
  // Attaching a long music video can take minutes: no request timeout here.
  server.requestTimeout = 0;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
