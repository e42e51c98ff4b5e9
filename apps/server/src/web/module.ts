import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import type { Deps, ServerModule } from '../module.js';
import { clientConfig } from './client-config.js';
import { catalogueOrigins, contentSecurityPolicy, inlineScriptHashes, securityHeaders } from './security-headers.js';
import { isAppRoute, playerSongId } from '@lyra/contracts/app-routes';
import { loadRenderer, RENDERER_DIR, withFirstScreen, type CatalogueApi } from './first-screen.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Compresses a page made for one request (the built files come compressed already). */
function compressPage(body: string, accepts: string): { body: Uint8Array<ArrayBuffer> | string; encoding?: string } {
  if (accepts.includes('br')) return { body: Uint8Array.from(brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })), encoding: 'br' };
  if (accepts.includes('gzip')) return { body: Uint8Array.from(gzipSync(body)), encoding: 'gzip' };
  return { body };
}

/**
 * Serves the built web app from WEB_DIR. Hashed assets are immutable; the
 * shell, manifest and service worker are revalidated on every load so an
 * update is seen at once. The app's routes get index.html (client-side
 * routes); any other address gets it too, with a 404 (the app shows its 404).
 * With `api` (this server's catalogue) and the web build's renderer, Home and
 * a shared player link come with their first screen in the page.
 */
export async function createWeb({ config, log }: Deps, { api }: { api?: CatalogueApi } = {}): Promise<ServerModule> {
  const root = config.WEB_DIR;
  const client = clientConfig(config);
  // Only when the app asks this server first: the page must show what the app will.
  const renderer = api && client.catalogueHosts[0] === '/api' ? await loadRenderer(root, log) : null;
  const firstScreen = api && renderer ? { renderer, api, config: client, log } : null;
  // The policy hashes index.html's inline scripts: computed once from the built file.
  const shell = await readFile(join(root, 'index.html'), 'utf8').catch(() => '');
  const security = securityHeaders(
    contentSecurityPolicy({ scriptHashes: inlineScriptHashes(shell), catalogue: catalogueOrigins(client.catalogueHosts) }),
  );
  const routes = new Hono();
  routes.get('/config.json', (c) => {
    c.header('cache-control', 'no-cache');
    return c.json(clientConfig(config));
  });
  routes.get('*', async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || path.startsWith('/v1/') || path === '/v1') return next();
    for (const [name, value] of Object.entries(security)) c.header(name, value);
    if (!existsSync(join(root, 'index.html'))) {
      return c.html('<!doctype html><title>Lyra</title><p>The web app is not built. Run <code>npm run build</code>.</p>', 503);
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // Malformed percent-encoding names no file and no route: the app's 404 page.
      decoded = '/\0';
    }
    const rel = normalize(decoded).replace(/^([/\\])+/, '');
    const file = join(root, rel);
    const inside = file === root || file.startsWith(root + sep);
    const found = inside && rel !== '' && !rel.startsWith(RENDERER_DIR + sep) && (await stat(file).catch(() => null))?.isFile();
    const target = found ? file : join(root, 'index.html');
    if (!found && extname(rel) !== '' && !rel.endsWith('.html')) return next();
    const accepts = c.req.header('accept-encoding') ?? '';
    if (!found && firstScreen && (path === '/' || playerSongId(path) !== null)) {
      const built = await readFile(target, 'utf8');
      const page = await withFirstScreen(built, path, new URL(c.req.url).origin, firstScreen);
      if (page !== built) {
        const out = compressPage(page, accepts);
        return c.body(out.body, 200, {
          'content-type': TYPES['.html']!,
          'cache-control': 'no-cache',
          vary: 'accept-encoding',
          ...(out.encoding ? { 'content-encoding': out.encoding } : {}),
        });
      }
    }
    // The app answers every address, but only its own routes are pages: anything else is its 404 page, with a 404.
    const status = found || isAppRoute(path) ? 200 : 404;
    const immutable = found && rel.startsWith('assets/');
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    // The web build writes .br/.gz beside its text assets; send one when the browser takes it.
    for (const [encoding, ext] of [['br', '.br'], ['gzip', '.gz']] as const) {
      if (!accepts.includes(encoding)) continue;
      const packed = await readFile(target + ext).catch(() => null);
      if (!packed) continue;
      return c.body(packed, status, { ...headers, 'content-encoding': encoding, vary: 'accept-encoding' });
    }
    const body = await readFile(target);
    return c.body(body, status, { ...headers, vary: 'accept-encoding' });
  });
  return { name: 'web', routes };
}
