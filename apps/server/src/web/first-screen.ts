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

/**
 * What the first screen reads of this server's catalogue, as a visitor without credentials would see it: typed
 * calls in process (the catalogue's VisitorReads), no request built or parsed. `origin` is the page's, for the
 * addresses in the answer.
 */
export interface FirstScreenCatalogue {
  /** Home's rows, as /api/home/rows answers them. */
  homeRows(origin: string): Promise<unknown>;
  /** Songs by id, unknown ones left out, as /api/songs/{ids} answers them. */
  songs(ids: readonly string[], origin: string): Promise<readonly unknown[]>;
  /** Whether it has no album or artist of this id. */
  lacks(kind: 'album' | 'artist', id: string): Promise<boolean>;
}

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

/** The answer of `read`, or null when it takes longer than FIRST_SCREEN_TIMEOUT_MS. */
async function inTime<T>(read: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), FIRST_SCREEN_TIMEOUT_MS)));
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * True when this server's catalogue has no album or artist of an /album/{id} or /artist/{id}
 * address, so the page goes with a 404 status (the app shows its 404 page); false for any
 * other address, or when the catalogue fails or is late.
 */
export async function catalogueLacks(catalogue: FirstScreenCatalogue, path: string): Promise<boolean> {
  const entity = catalogueEntityOf(path);
  if (!entity) return false;
  try {
    return (await inTime(catalogue.lacks(entity.kind, entity.id))) === true;
  } catch {
    return false;
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
  { renderer, catalogue, config, log }: { renderer: FirstScreenRenderer; catalogue: FirstScreenCatalogue; config: ClientConfig; log: Logger },
): Promise<string> {
  try {
    let kind: 'home' | 'player';
    let markup: string;
    if (path === '/') {
      const rows = await inTime(catalogue.homeRows(origin));
      if (!rows) return html;
      kind = 'home';
      markup = renderer.homeRowsHtml(rows, config);
    } else {
      const id = playerSongId(path);
      if (!id) return html;
      const songs = await inTime(catalogue.songs([id], origin));
      const song = songs?.[0];
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
