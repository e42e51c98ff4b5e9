import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test/db.js';
import { MALFORMED_URL, NUL_CHARACTER } from './input-hygiene.js';
import { DOCS, invalid, useGuardedApp } from './test/guarded-app.js';

/**
 * Malformed percent-encoding against the whole app, answered in each
 * protocol's shape; and, on a listening server, the byte-serving fast path and
 * the realtime handshake, which never reach Hono.
 */
describe.each(ENGINES)('bad input against the whole app (%s)', (engine) => {
  const { state, call } = useGuardedApp(engine);
  let { t } = state;
  beforeAll(() => void ({ t } = state));

  describe('malformed percent-encoding answers 400 in each protocol', () => {
    it.each([
      '/v1/databases/%E0%A4%A/collections/Feedback/documents',
      '/v1/account/sessions/%ff',
      '/v1/%ff',
      `${DOCS}?queries[0]=%E0%A4%A`,
      '/v1/ping?project=%ff',
      '/v1/realtime?project=lyra&channels[]=%ED%A0%80',
    ])('on the backend, %s: general_argument_invalid', async (path) => {
      const res = await call(path);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(invalid(MALFORMED_URL));
    });

    it.each(['/api/songs/%ff', '/api/search?query=%E0%A4%A', '/api/search/songs?query=100%', '/media/%ff/320.mp4', '/images/%E0%A4%A/500.jpg', '/videos/%ff/x.mp4', '/download?id=%ff'])(
      'on the catalogue, %s: {success:false, message}',
      async (path) => {
        const res = await t.app.request(path);
        expect(res.status).toBe(400);
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        expect(await res.json()).toEqual({ success: false, message: MALFORMED_URL });
      },
    );

    it.each(['/%ff', '/%E0%A4%A'])("on the web app's paths, %s: its 404 page", async (path) => {
      const res = await t.app.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    });
  });

  describe('on a listening server', () => {
    let base: URL;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const server = t.app.createServer();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      close = async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      };
    });
    afterAll(() => close?.());

    /** A raw request, the target sent exactly as written. */
    const raw = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: base.hostname, port: base.port, path, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      });

    it('refuses malformed media and image URLs before the byte-serving fast path, with 400', async () => {
      for (const path of ['/media/%ff/320.mp4', '/images/%E0%A4%A/500.jpg']) {
        const res = await raw(path);
        expect(res.status, path).toBe(400);
        expect(JSON.parse(res.body)).toEqual({ success: false, message: MALFORMED_URL });
      }
    });

    it('refuses a realtime handshake with a malformed URL or a NUL with 400 in the backend shape', async () => {
      const upgrade = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };
      const malformed = await raw('/v1/realtime?project=lyra&channels[]=%E0%A4%A', upgrade);
      expect(malformed.status).toBe(400);
      expect(JSON.parse(malformed.body)).toEqual(invalid(MALFORMED_URL));
      const nul = await raw('/v1/realtime?project=lyra&channels[]=a%00', upgrade);
      expect(JSON.parse(nul.body)).toEqual(invalid(`Invalid \`channels[]\` param: ${NUL_CHARACTER}`));
    });
  });
});
