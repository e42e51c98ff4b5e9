import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import type { Deps, ServerModule } from '../module.js';
import { clientConfig } from './client-config.js';
import { catalogueOrigins, contentSecurityPolicy, inlineScriptHashes, securityHeaders } from './security-headers.js';
import { isAppRoute, playerSongId } from '@lyra/contracts/app-routes';
import { catalogueLacks, loadRenderer, RENDERER_DIR, withFirstScreen, type FirstScreenCatalogue } from './first-screen.js';

const HTML = 'text/html; charset=utf-8';

/** Compresses a page made for one request (the built files come compressed already). */
function compressPage(body: string, accepts: string): { body: Uint8Array<ArrayBuffer> | string; encoding?: string } {
  if (accepts.includes('br')) return { body: Uint8Array.from(brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })), encoding: 'br' };
  if (accepts.includes('gzip')) return { body: Uint8Array.from(gzipSync(body)), encoding: 'gzip' };
  return { body };
}

/** The built shell, as the browser takes it: the .br or .gz copy the web build wrote beside it, else plain. */
async function shellReply(root: string, accepts: string): Promise<{ body: Uint8Array<ArrayBuffer>; encoding?: string }> {
  for (const [encoding, ext] of [['br', '.br'], ['gzip', '.gz']] as const) {
    if (!accepts.includes(encoding)) continue;
    const packed = await readFile(join(root, 'index.html' + ext)).catch(() => null);
    if (packed) return { body: Uint8Array.from(packed), encoding };
  }
  return { body: Uint8Array.from(await readFile(join(root, 'index.html'))) };
}

/** Addresses the static files never answer: the API, the renderer's own files and the shell's root (first screen). */
const notStatic = (path: string) => path === '/' || path.startsWith('/api/') || path.startsWith('/v1/') || path === '/v1' || path.startsWith(`/${RENDERER_DIR}/`);

/**
 * Serves the built web app from WEB_DIR: built files through Hono's static
 * server (precompressed .br/.gz copies, ranges). Hashed assets are immutable;
 * the shell, manifest and service worker are revalidated on every load so an
 * update is seen at once. The app's routes get index.html (client-side
 * routes); any other address gets it too, with a 404 (the app shows its 404).
 * With `catalogue` (this server's, as typed calls) and the web build's renderer, Home and
 * a shared player link come with their first screen in the page (on a public server).
 * With `serverClaimed` (the backend's), /config.json says whether the next sign-up is the server's first account.
 */
export async function createWeb(
  { config, log }: Deps,
  { catalogue, serverClaimed }: { catalogue?: FirstScreenCatalogue; serverClaimed?: () => Promise<boolean> } = {},
): Promise<ServerModule> {
  const root = resolve(config.WEB_DIR);
  const client = clientConfig(config);
  // Only when the app asks this server first: the page must show what the app will. Never on a private
  // server: the first screen is the catalogue's, which only signed-in listeners see (the app asks for it).
  const ownCatalogue = catalogue && client.catalogueHosts[0] === '/api' && config.ACCESS === 'public' ? catalogue : null;
  const renderer = ownCatalogue ? await loadRenderer(root, log) : null;
  const firstScreen = ownCatalogue && renderer ? { renderer, catalogue: ownCatalogue, config: client, log } : null;
  // The policy hashes index.html's inline scripts: computed once from the built file.
  const shell = await readFile(join(root, 'index.html'), 'utf8').catch(() => '');
  const security = securityHeaders(
    contentSecurityPolicy({ scriptHashes: inlineScriptHashes(shell), catalogue: catalogueOrigins(client.catalogueHosts) }),
  );
  const files = serveStatic({
    root,
    precompressed: true,
    onFound: (_path, c: Context) => {
      c.header('cache-control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      c.header('vary', 'accept-encoding');
    },
  });
  const routes = new Hono();
  // Whether a first account has claimed the server (the backend's to say; once claimed, always claimed). When it
  // cannot say (database down), the app is told nothing, as on a claimed server.
  let claimed = !serverClaimed;
  const firstAccount = async () =>
    !claimed &&
    serverClaimed!().then(
      (c) => !(claimed = c),
      () => false,
    );
  routes.get('/config.json', async (c) => {
    c.header('cache-control', 'no-cache');
    return c.json(clientConfig(config, { firstAccount: await firstAccount() }));
  });
  routes.get('*', async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || path.startsWith('/v1/') || path === '/v1') return next();
    for (const [name, value] of Object.entries(security)) c.header(name, value);
    if (!existsSync(join(root, 'index.html'))) {
      return c.html('<!doctype html><title>Lyra</title><p>The web app is not built. Run <code>npm run build</code>.</p>', 503);
    }
    if (!notStatic(path)) {
      const served = await files(c, async () => {});
      if (served) return served;
    }
    // Not a built file: a missing asset (it has an extension) is left to later routes' 404.
    const last = path.slice(path.lastIndexOf('/') + 1);
    if (last.includes('.') && !last.endsWith('.html')) return next();
    const accepts = c.req.header('accept-encoding') ?? '';
    if (firstScreen && (path === '/' || playerSongId(path) !== null)) {
      const built = await readFile(join(root, 'index.html'), 'utf8');
      const page = await withFirstScreen(built, path, new URL(c.req.url).origin, firstScreen);
      if (page !== built) {
        const out = compressPage(page, accepts);
        return c.body(out.body, 200, {
          'content-type': HTML,
          'cache-control': 'no-cache',
          vary: 'accept-encoding',
          ...(out.encoding ? { 'content-encoding': out.encoding } : {}),
        });
      }
    }
    // The app answers every address, but only its own routes are pages: anything else is its 404 page, with a 404,
    // as is an album or artist this server's catalogue does not have.
    const missing = ownCatalogue ? await catalogueLacks(ownCatalogue, path) : false;
    const out = await shellReply(root, accepts);
    return c.body(out.body, isAppRoute(path) && !missing ? 200 : 404, {
      'content-type': HTML,
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      ...(out.encoding ? { 'content-encoding': out.encoding } : {}),
    });
  });
  return { name: 'web', routes };
}
