import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { catalogueEntityOf, playerSongId } from '@lyra/contracts/app-routes';
import type { Logger } from '../log.js';
import type { ClientConfig } from './client-config.js';

/** The web build's first-screen renderer (apps/web/src/app/first-screen-html.tsx, built to dist/ssr). */
export interface FirstScreenRenderer {
  homeRowsHtml(rows: unknown, config: ClientConfig): string;
  playerHtml(song: unknown): string;
}

/** Where the web build puts the renderer, inside WEB_DIR; nothing in it is served. */
export const RENDERER_DIR = 'ssr';
export const RENDERER_PATH = `${RENDERER_DIR}/first-screen.js`;

/** The longest a page waits for its first screen's data before it goes without. */
export const FIRST_SCREEN_TIMEOUT_MS = 1_000;

/** Asks this server's catalogue API, in process, as the browser at `origin` would. */
export type CatalogueApi = (url: URL) => Promise<Response>;

export async function loadRenderer(webDir: string, log: Logger): Promise<FirstScreenRenderer | null> {
  const file = join(webDir, RENDERER_PATH);
  if (!existsSync(file)) return null;
  try {
    const mod = (await import(pathToFileURL(file).href)) as Partial<FirstScreenRenderer>;
    if (typeof mod.homeRowsHtml === 'function' && typeof mod.playerHtml === 'function') return mod as FirstScreenRenderer;
    log.warn('web: first-screen renderer has an unexpected shape; pages go without it', { file });
  } catch (e) {
    log.warn('web: first-screen renderer failed to load; pages go without it', { file, error: e });
  }
  return null;
}

async function apiData(api: CatalogueApi, url: URL): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), FIRST_SCREEN_TIMEOUT_MS)));
  try {
    const res = await Promise.race([api(url), late]);
    if (!res?.ok) return null;
    const body = (await res.json()) as { success?: boolean; data?: unknown };
    return body.success ? body.data : null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * True when this server's catalogue says it has no album or artist of an /album/{id} or
 * /artist/{id} address (a 404), so the page goes with a 404 status (the app shows its 404
 * page); false for any other address, or when the answer is anything else or late.
 */
export async function catalogueLacks(api: CatalogueApi, path: string, origin: string): Promise<boolean> {
  const entity = catalogueEntityOf(path);
  if (!entity) return false;
  const id = encodeURIComponent(entity.id);
  const url = new URL(entity.kind === 'album' ? `/api/albums?id=${id}` : `/api/artists/${id}/albums`, origin);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), FIRST_SCREEN_TIMEOUT_MS)));
  try {
    const res = await Promise.race([api(url), late]);
    return res?.status === 404;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** React puts the preloads it wants (the first covers) before the markup; they belong in <head>. */
function splitHead(markup: string): { head: string; body: string } {
  const links = /^(?:<link [^>]*\/>)*/.exec(markup)?.[0] ?? '';
  return { head: links, body: markup.slice(links.length) };
}

/**
 * The app's page for `path` with its first screen in it: Home's first rows
 * (`/`) or a shared song's cover (`/player/{id}`), so they show at the first
 * paint instead of after the scripts. Any other address, data that does not
 * come, or a renderer that throws: the page as built.
 */
export async function withFirstScreen(
  html: string,
  path: string,
  origin: string,
  { renderer, api, config, log }: { renderer: FirstScreenRenderer; api: CatalogueApi; config: ClientConfig; log: Logger },
): Promise<string> {
  try {
    let kind: 'home' | 'player';
    let markup: string;
    if (path === '/') {
      const rows = await apiData(api, new URL('/api/home/rows', origin));
      if (!rows) return html;
      kind = 'home';
      markup = renderer.homeRowsHtml(rows, config);
    } else {
      const id = playerSongId(path);
      if (!id) return html;
      const songs = await apiData(api, new URL(`/api/songs/${encodeURIComponent(id)}`, origin));
      const song = Array.isArray(songs) ? songs[0] : null;
      if (!song) return html;
      kind = 'player';
      markup = renderer.playerHtml(song);
    }
    const { head, body } = splitHead(markup);
    // Replacer functions: a `$` in a song's title is text, not a replacement pattern.
    let out = html.replace('</head>', () => `${head}</head>`).replace('<div id="root">', () => `<div id="root" data-first-screen="${kind}">`);
    if (kind === 'home') out = out.replace('<!--home-rows-->', () => body);
    else out = out.replace(/<!--first-screen-->[\s\S]*<!--\/first-screen-->/, () => body);
    return out;
  } catch (e) {
    log.error('web: first screen failed; the page goes without it', { path, error: e });
    return html;
  }
}
