import type { Song } from '@lyra/contracts/catalogue';
import { pickSourceUrl } from '@lyra/player-core/audio-quality';
import { PLAYER } from '@lyra/player-core/constants';
import { MEDIA_ERR, mediaErrorMessage } from '@lyra/player-core/media-errors';
import type { AudioEngine, AudioEngineDeps } from './audio-engine-types.js';
import { bindMediaSession } from './media-session.js';
import { createRecovery } from './playback-recovery.js';
import { createPlaybackPosition } from './playback-position.js';
import { canSeekTo, withTimeOffset } from './source-address.js';

export type { AudioEngine, AudioEngineDeps, AudioLike } from './audio-engine-types.js';

/**
 * The only module that touches the audio element (style.md §7.3; the lock
 * screen is media-session.ts). It follows the player store: a song change
 * loads the new source 200 ms later; play/pause and volume are mirrored.
 *
 * Every load starts at a position (source-address.ts): a seek the element
 * cannot make itself (a first transcode still streaming), a quality change,
 * a retry or coming back online load the tier again at the position, and the
 * server starts the audio there. Stalls, errors and coming back online
 * follow SPEC §4's recovery rules (playback-recovery.ts).
 */
export function createAudioEngine(deps: AudioEngineDeps): AudioEngine {
  const { audio, store } = deps;
  const actions = () => store.getState().actions;
  const current = (): Song | undefined => store.getState().queue[store.getState().currentIndex];
  const online = () => deps.isOnline?.() ?? true;

  let scheduledId: string | null = null;
  /** The song that took over gaplessly (already playing in the output). */
  let handedOverId: string | null = null;
  let loadedId: string | null = null;
  /** The address the element plays, without its start offset. */
  let loadedBase = '';
  let countedId: string | null = null;
  let loadTimer: ReturnType<typeof setTimeout> | null = null;
  /** Where a load still waiting for its 200 ms should start. */
  let scheduledStartS = 0;
  let expectedPauses = 0;
  const position = createPlaybackPosition(audio);
  const positionS = position.nowS;

  const clearTimers = () => {
    if (loadTimer) clearTimeout(loadTimer);
    loadTimer = null;
    recovery.cancel();
  };

  /** Pauses for our own reasons, without telling the store the listener paused. */
  const pauseQuietly = () => {
    if (audio.paused) return;
    expectedPauses++;
    audio.pause();
  };

  const playNow = () => {
    audio.play().catch((e: unknown) => {
      const name = e instanceof Error || e instanceof DOMException ? e.name : '';
      // AbortError: a newer load or pause replaced this play; nothing to report.
      if (name === 'NotAllowedError') {
        actions().setPlaying(false);
        actions().setLoading(false);
      }
    });
  };

  const stop = (message: string) => {
    clearTimers();
    pauseQuietly();
    actions().setError(message);
    actions().setLoading(false);
    actions().setPlaying(false);
  };

  /** Points the element at `base` from `positionS`, playing if the listener is. */
  const load = (base: string, startS: number, catalogueDurationS?: number) => {
    pauseQuietly();
    loadedBase = base;
    position.startAt(startS, catalogueDurationS);
    const url = withTimeOffset(base, startS);
    deps.beforeLoad?.(url);
    audio.src = url;
    if (store.getState().isPlaying) {
      actions().setLoading(true);
      playNow();
    } else {
      actions().setLoading(false);
    }
  };

  const loadRemote = (song: Song, startS: number) => {
    if (!online() && deps.onUnavailableOffline?.(song)) return;
    const url = pickSourceUrl(song.downloadUrl, deps.quality());
    if (!url) return stop(mediaErrorMessage(MEDIA_ERR.SRC_NOT_SUPPORTED));
    load(url, startS, song.duration ?? 0);
  };

  /** The song's kept copy when this device has one (offline or not), else the catalogue's tier. */
  const loadSource = (song: Song, startS: number) => {
    loadedId = song.id;
    const local = deps.localSource?.(song.id);
    if (!local) return loadRemote(song, startS);
    void local
      .catch(() => null)
      .then((url) => {
        if (loadedId !== song.id || current()?.id !== song.id) return;
        if (url) load(url, startS, song.duration ?? 0);
        else loadRemote(song, startS);
      });
  };

  /** Reloads the current song at a position (stall, network retry, online, quality change). */
  const reload = (positionS: number) => {
    clearTimers();
    const song = current();
    if (song) loadSource(song, positionS);
  };

  const recovery = createRecovery({
    loaded: () => loadedId != null && current() != null && !loadTimer,
    isPlaying: () => store.getState().isPlaying,
    errorCode: () => audio.error?.code,
    online,
    positionS: position.lastS,
    pauseQuietly,
    setLoading: (loading) => actions().setLoading(loading),
    reload: (at) => reload(at),
    stop,
    resume: () => {
      actions().setError(null);
      actions().setPlaying(true);
    },
  });

  const session = bindMediaSession(deps.mediaSession, deps.createMetadata, {
    play: () => actions().setPlaying(true),
    pause: () => actions().setPlaying(false),
    seekBy: (d) => seekBy(d),
    previous: () => actions().previous(),
    next: () => actions().next(),
  });

  const scheduleLoad = (song: Song | undefined) => {
    clearTimers();
    scheduledId = song?.id ?? null;
    scheduledStartS = 0;
    recovery.reset();
    const continued = song != null && song.id === handedOverId;
    handedOverId = null;
    if (continued) {
      // Gapless: the output already plays it from its start; nothing to load.
      session.show(song);
      loadedId = song.id;
      loadedBase = audio.src;
      position.startAt(0, song.duration ?? 0);
      actions().setLoading(false);
      return;
    }
    pauseQuietly();
    session.show(song);
    if (!song) {
      loadedId = null;
      audio.removeAttribute?.('src');
      actions().setLoading(false);
      return;
    }
    actions().setLoading(true);
    // SPEC §9: the source load starts 200 ms after a song change, so skipping
    // through several songs quickly fetches only the one that stays.
    loadTimer = setTimeout(() => {
      loadTimer = null;
      loadSource(song, scheduledStartS);
    }, PLAYER.SOURCE_DELAY_MS);
  };

  const seekTo = (to: number) => {
    const durationS = position.durationS();
    const max = durationS > 0 ? durationS : Number.POSITIVE_INFINITY;
    const target = Math.min(Math.max(0, to), max);
    if (loadTimer && scheduledId === current()?.id) scheduledStartS = target;
    else if (!loadedId) return;
    else if (!position.pending() && canSeekTo(audio.seekable, target)) audio.currentTime = target;
    else {
      // A first transcode still streaming cannot jump ahead: start a new stream there.
      clearTimers();
      load(loadedBase, target);
    }
    position.jumpedTo(target);
    actions().setProgress(target, durationS);
  };
  const seekBy = (deltaS: number) => seekTo(positionS() + deltaS);

  const progress = () => {
    const shown = position.sample();
    actions().setProgress(shown.positionS, shown.durationS);
  };

  const handlers: Record<string, () => void> = {
    loadedmetadata: () => {
      position.arrive(false);
      progress();
    },
    loadeddata: () => position.arrive(true),
    // A live stream's length grows with every fragment; only a change the listener sees is news.
    durationchange: () => {
      if (position.durationChanged()) progress();
    },
    timeupdate: () => {
      position.arrive(false);
      progress();
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
      const song = current();
      if (song && song.id === loadedId && countedId !== song.id) {
        countedId = song.id;
        actions().notePlayed(song.id);
        deps.onPlayed?.(song);
      }
      session.state('playing');
    },
    pause: () => {
      session.state('paused');
      if (expectedPauses > 0) {
        expectedPauses--;
        return;
      }
      if (!audio.ended && store.getState().isPlaying) actions().setPlaying(false);
    },
    ended: () => {
      const before = current()?.id;
      actions().next();
      // A one-song queue wraps onto itself: start it again.
      if (current()?.id === before) {
        audio.currentTime = 0;
        playNow();
      }
    },
    stalled: () => recovery.stalled(),
    error: () => recovery.error(),
  };

  for (const [type, fn] of Object.entries(handlers)) audio.addEventListener(type, fn);
  const onOnline = () => recovery.online();
  deps.network?.addEventListener('online', onOnline);
  const offQuality = deps.onQualityChange?.(() => {
    if (loadedId && !loadTimer) reload(positionS());
  });

  audio.volume = store.getState().volume;
  const unsubscribe = store.subscribe((state, prev) => {
    const song = state.queue[state.currentIndex];
    if ((song?.id ?? null) !== scheduledId) scheduleLoad(song);
    if (state.volume !== prev.volume) audio.volume = state.volume;
    if (state.isPlaying !== prev.isPlaying) {
      if (!state.isPlaying) {
        recovery.cancel();
        if (!audio.paused) audio.pause();
        actions().setLoading(false);
      } else if (loadedId === song?.id && !loadTimer) {
        if (state.error) reload(position.lastS());
        else {
          actions().setLoading(true);
          playNow();
        }
      }
    }
  });

  // A queue restored from the session loads its current song, paused.
  const restored = current();
  if (restored) scheduleLoad(restored);

  const swapSource = (url: string) => {
    if (!loadedId || loadTimer || loadedId !== current()?.id || !url || loadedBase === url) return;
    clearTimers();
    recovery.reset();
    load(url, positionS());
  };

  return {
    seekTo,
    seekBy,
    swapSource,
    handedOver(songId) {
      handedOverId = songId;
    },
    positionS,
    dispose() {
      clearTimers();
      unsubscribe();
      offQuality?.();
      for (const [type, fn] of Object.entries(handlers)) audio.removeEventListener(type, fn);
      deps.network?.removeEventListener('online', onOnline);
      session.dispose();
    },
  };
}
