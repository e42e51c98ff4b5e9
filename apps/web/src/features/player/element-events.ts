import type { Song } from '@lyra/contracts/catalogue';
import type { AudioEngineDeps } from './audio-engine-types.js';
import type { ElementControl } from './element-control.js';
import type { MediaSessionBinding } from './media-session.js';
import type { Recovery } from './playback-recovery.js';
import type { PlaybackPosition } from './playback-position.js';

export interface ElementEventsContext {
  deps: Pick<AudioEngineDeps, 'audio' | 'store' | 'onPlayed'>;
  position: PlaybackPosition;
  control: ElementControl;
  recovery: Recovery;
  session: MediaSessionBinding;
  current(): Song | undefined;
  /** The song whose source the element holds. */
  loadedId(): string | null;
  /** Tells the store where playback is. */
  progress(): void;
  /** The engine's seek; true when it loaded the song again from there (a stream that started at an offset). */
  seekTo(positionS: number): boolean;
}

/**
 * What the element's events mean for the store: position and length,
 * loading, playing or paused (the listener's pauses only), a song that
 * starts (counted once: SPEC#states-player play counts), the end (repeat and the queue say
 * what follows: player-core's play-order.ts), stalls and errors (playback-recovery.ts).
 * Returns a function that stops listening.
 */
export function listenToElement(ctx: ElementEventsContext): () => void {
  const { audio, store } = ctx.deps;
  const actions = () => store.getState().actions;
  const { position, recovery, session, control } = ctx;
  let countedId: string | null = null;

  const handlers: Record<string, () => void> = {
    loadedmetadata: () => {
      position.arrive(false);
      ctx.progress();
    },
    loadeddata: () => position.arrive(true),
    // A live stream's length grows with every fragment; only a change the listener sees is news.
    durationchange: () => {
      if (position.durationChanged()) ctx.progress();
    },
    timeupdate: () => {
      position.arrive(false);
      ctx.progress();
    },
    waiting: () => actions().setLoading(true),
    canplay: () => {
      if (!store.getState().isPlaying) actions().setLoading(false);
    },
    playing: () => {
      position.arrive(true);
      recovery.playing();
      actions().setLoading(false);
      actions().setError(null);
      if (!store.getState().isPlaying) actions().setPlaying(true);
      const song = ctx.current();
      if (song && song.id === ctx.loadedId() && countedId !== song.id) {
        countedId = song.id;
        actions().notePlayed(song.id);
        ctx.deps.onPlayed?.(song);
      }
      session.state('playing');
    },
    pause: () => {
      session.state('paused');
      if (control.ownPause()) return;
      // A source that fails pauses too (Chromium): the failure is recovery's, not the listener pausing.
      if (!audio.ended && !audio.error && store.getState().isPlaying) actions().setPlaying(false);
    },
    ended: () => {
      const before = ctx.current()?.id;
      actions().songEnded();
      if (ctx.current()?.id !== before) return;
      // The same song follows itself (repeat one, a one-song queue): it starts again, or waits at its start (repeat off).
      if (!ctx.seekTo(0) && store.getState().isPlaying) control.playNow();
    },
    stalled: () => recovery.stalled(),
    error: () => recovery.error(),
  };

  for (const [type, fn] of Object.entries(handlers)) audio.addEventListener(type, fn);
  return () => {
    for (const [type, fn] of Object.entries(handlers)) audio.removeEventListener(type, fn);
  };
}
