import { playerSongId } from '@lyra/contracts/app-routes';
import type { QueryClient } from '@tanstack/react-query';
import { cachedHomeRowsQuery } from '../features/home/home-queries.js';
import { accountRowsLoaded, homeBelowFoldLoaded } from '../features/home/home-screen.js';
import type { CatalogueClient } from '../shared/lib/catalogue-client.js';
import { songQuery } from '../shared/lib/catalogue-queries.js';
import type { AppRouter } from './router.js';

/** The longest start-up waits for the first screen's data before it renders anyway. */
export const FIRST_SCREEN_WAIT_MS = 3_000;

const routerReady = (router: AppRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/**
 * Resolves when the app can render the address's first screen complete: the
 * route's code, and on Home its rows, on a player link its song. Until then
 * the page from the server stays up (on Home it already shows the first rows,
 * on the player the cover), so the app's first render replaces it with the
 * same page instead of a skeleton. The requests were started by index.html.
 */
export function firstScreenReady(
  path: string,
  { router, queryClient, catalogue }: { router: AppRouter; queryClient: QueryClient; catalogue: CatalogueClient },
  waitMs = FIRST_SCREEN_WAIT_MS,
): Promise<void> {
  const waits: Promise<unknown>[] = [routerReady(router)];
  if (path === '/') waits.push(queryClient.prefetchQuery(cachedHomeRowsQuery(catalogue)), homeBelowFoldLoaded, ...(accountRowsLoaded ? [accountRowsLoaded] : []));
  const songId = playerSongId(path);
  if (songId) waits.push(queryClient.prefetchQuery(songQuery(catalogue, songId)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  return Promise.race([Promise.allSettled(waits), late]).then(() => clearTimeout(timer));
}

declare global {
  interface Window {
    /** Set by index.html: the song tapped before the app started. */
    lyraEarlyTap?: string | null;
    /** Set when the app has taken over the page (index.html stops keeping taps then). */
    lyraStarted?: boolean;
  }
}

/** A user-timing mark: the app has replaced the page from the server (benchmarks read it). */
export const APP_RENDERED_MARK = 'lyra:app-rendered';

/**
 * How long an early tap waits for its song to be on the app's screen (the app
 * may render before Home's rows have arrived); after that it is dropped, since
 * a song starting much later would surprise the listener.
 */
export const EARLY_TAP_WAIT_MS = 10_000;

/**
 * Called when the app's first render is on screen (a layout effect, before
 * any later event): marks the moment, stops index.html keeping taps, and
 * replays a tap on a song of the server's first screen that came before the
 * app could answer it, so it is not lost. When the app's screen does not show
 * that song yet, the tap is replayed as soon as it does, unless the listener
 * has tapped or pressed a key since.
 */
export function takeOverFirstScreen(win: Window = window, waitMs = EARLY_TAP_WAIT_MS): void {
  win.lyraStarted = true;
  win.performance.mark(APP_RENDERED_MARK);
  const id = win.lyraEarlyTap;
  win.lyraEarlyTap = null;
  if (!id) return;
  const doc = win.document;
  let done = false;
  const replay = () => {
    const tile = [...doc.querySelectorAll<HTMLElement>('[data-song-id]')].find((el) => el.dataset.songId === id);
    if (!tile) return;
    stop();
    tile.click();
  };
  const observer = new MutationObserver(replay);
  const stop = () => {
    done = true;
    observer.disconnect();
    win.clearTimeout(timer);
    win.removeEventListener('pointerdown', stop, true);
    win.removeEventListener('keydown', stop, true);
  };
  const timer = win.setTimeout(stop, waitMs);
  win.addEventListener('pointerdown', stop, true);
  win.addEventListener('keydown', stop, true);
  // After this render's effects: the song may be on screen already.
  win.setTimeout(() => {
    replay();
    if (!done) observer.observe(doc.body, { childList: true, subtree: true });
  }, 0);
}
