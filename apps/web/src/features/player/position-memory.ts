import type { StoreApi } from 'zustand';
import { readJson, session, writeJson, type StorageLike } from '../../shared/lib/storage.js';
import type { PlayerState } from './player-store.js';

/** sessionStorage: where the current song is, so a reload brings it back there (paused). */
export const POSITION_KEY = 'playerPosition';

/** Written at most this often while the position moves (and at once on a pause, a seek or leaving the page). */
const WRITE_EVERY_S = 1;

interface Remembered {
  songId: string;
  positionS: number;
}

/** Where the song with this id was when the tab last saved it; 0 for another song or nothing saved. */
export function rememberedPositionS(songId: string, storage: StorageLike | undefined = session()): number {
  const saved = readJson<Partial<Remembered> | null>(storage, POSITION_KEY, null);
  if (saved?.songId !== songId || typeof saved.positionS !== 'number' || !Number.isFinite(saved.positionS)) return 0;
  return Math.max(0, saved.positionS);
}

/**
 * Keeps the current song's position in sessionStorage as it moves (once a
 * second, and at once when playback pauses or the page is left), next to
 * the queue the store keeps there. Returns a function that stops.
 */
export function rememberPosition(
  store: Pick<StoreApi<PlayerState>, 'getState' | 'subscribe'>,
  storage: StorageLike | undefined = session(),
  page: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null = typeof window === 'undefined' ? null : window,
): () => void {
  let written: Remembered | null = null;
  const write = (s: PlayerState, force: boolean) => {
    const song = s.queue[s.currentIndex];
    if (!song) return;
    const now = { songId: song.id, positionS: s.positionS };
    if (!force && written?.songId === now.songId && Math.abs(written.positionS - now.positionS) < WRITE_EVERY_S) return;
    written = now;
    writeJson(storage, POSITION_KEY, now);
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.positionS !== prev.positionS || s.queue[s.currentIndex]?.id !== prev.queue[prev.currentIndex]?.id) write(s, false);
    if (prev.isPlaying && !s.isPlaying) write(s, true);
  });
  const onLeave = () => write(store.getState(), true);
  page?.addEventListener('pagehide', onLeave);
  return () => {
    unsubscribe();
    page?.removeEventListener('pagehide', onLeave);
  };
}
