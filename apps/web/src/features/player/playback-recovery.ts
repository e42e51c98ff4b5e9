import { PLAYER } from '@lyra/player-core/constants';
import { MEDIA_ERR, mediaErrorAction } from '@lyra/player-core/media-errors';

/** What recovery needs from the engine. */
export interface RecoveryContext {
  /** A song is loaded into the element (not waiting for its 200 ms). */
  loaded(): boolean;
  isPlaying(): boolean;
  errorCode(): number | undefined;
  online(): boolean;
  /** Where playback is, for a retry to start there. */
  positionS(): number;
  /** Pauses the element without telling the store the listener paused. */
  pauseQuietly(): void;
  setLoading(loading: boolean): void;
  /** Loads the current song again at a position. */
  reload(positionS: number): void;
  /** Stops with a message (SPEC#errors-media-errors). */
  stop(message: string): void;
  /** The listener wants it playing again: clears the error, sets playing. */
  resume(): void;
  /**
   * Whether the current song left the library (the catalogue answers that it has
   * no such song); asked once per song when its audio fails to load or to play.
   */
  isGone?(): Promise<boolean>;
  /** The current song left the library: it leaves the queue and the next one plays. */
  dropGone?(): void;
}

/**
 * SPEC#states-player's recovery rules: a stall pauses, shows loading and retries from
 * the same position after 2 s; a network error retries 3 times with a
 * growing delay; other errors stop with SPEC#errors-media-errors's message, or the offline
 * words when the device is offline; the 'online' event reloads at the same
 * position and resumes what was playing (or stopped by the network).
 *
 * A song whose file was deleted fails as a source the browser cannot play
 * (the address answers 404) or, mid-song, as a network error. Before those
 * rules, the first such error of a song asks the catalogue whether the song is
 * still there: gone, it leaves the queue and the next one plays; there (or no
 * clear answer), the rules go on as before.
 */
export function createRecovery(ctx: RecoveryContext) {
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let networkRetries = 0;
  let resumeWhenOnline = false;
  /** Counts songs, so an answer about one that is no longer current is dropped. */
  let song = 0;
  let askedAbout = -1;
  /** The catalogue's answer about this song is awaited: further errors wait for it too. */
  let asking = false;

  const cancel = () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  };
  const retryAt = (positionS: number, delayMs: number) => {
    cancel();
    retryTimer = setTimeout(() => {
      retryTimer = null;
      ctx.reload(positionS);
    }, delayMs);
  };

  function error(): void {
    if (!ctx.loaded() || (asking && askedAbout === song)) return;
    const code = ctx.errorCode();
    const mayBeGone = code === MEDIA_ERR.SRC_NOT_SUPPORTED || code === MEDIA_ERR.NETWORK;
    if (ctx.isGone && mayBeGone && askedAbout !== song && ctx.online()) {
      askedAbout = song;
      asking = true;
      const asked = song;
      cancel();
      ctx.setLoading(true);
      void ctx
        .isGone()
        .catch(() => false)
        .then((gone) => {
          if (asked !== song) return;
          asking = false;
          if (gone) ctx.dropGone?.();
          // Still failing (a retry meanwhile may have played): SPEC#states-player's rules.
          else if (ctx.errorCode() != null) error();
        });
      return;
    }
    const action = mediaErrorAction(code, networkRetries, ctx.online());
    if (action.kind === 'retry') {
      networkRetries++;
      ctx.setLoading(true);
      retryAt(ctx.positionS(), action.delayMs);
      return;
    }
    resumeWhenOnline = (action.kind === 'offline' || code === MEDIA_ERR.NETWORK) && ctx.isPlaying();
    cancel();
    ctx.stop(action.message);
  }

  return {
    /** Drops a pending retry (pause, new load). */
    cancel,
    /** A new song: nothing to recover. */
    reset() {
      cancel();
      networkRetries = 0;
      resumeWhenOnline = false;
      song++;
    },
    /** The element plays: the network is fine again. */
    playing() {
      networkRetries = 0;
    },
    stalled() {
      if (!ctx.isPlaying() || !ctx.loaded() || retryTimer) return;
      const at = ctx.positionS();
      ctx.pauseQuietly();
      ctx.setLoading(true);
      retryAt(at, PLAYER.STALL_RETRY_MS);
    },
    error,
    online() {
      if (!ctx.loaded()) return;
      const resume = ctx.isPlaying() || resumeWhenOnline;
      resumeWhenOnline = false;
      networkRetries = 0;
      if (resume) ctx.resume();
      ctx.reload(ctx.positionS());
    },
  };
}

export type Recovery = ReturnType<typeof createRecovery>;
