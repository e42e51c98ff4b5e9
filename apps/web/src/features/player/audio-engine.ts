import type { Song } from '@lyra/contracts/catalogue';
import { pickSourceUrl, type AudioQuality, type DownloadLink } from '@lyra/player-core/audio-quality';
import { PLAYER } from '@lyra/player-core/constants';
import { MEDIA_ERR, mediaErrorAction, mediaErrorMessage } from '@lyra/player-core/media-errors';
import type { StoreApi } from 'zustand';
import { albumName, primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';
import type { PlayerState } from './player-store.js';

/** The part of HTMLAudioElement the engine uses (a fake in unit tests). */
export interface AudioLike extends EventTarget {
  src: string;
  currentTime: number;
  volume: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly error: { readonly code: number } | null;
  play(): Promise<void>;
  pause(): void;
  removeAttribute?(name: string): void;
}

export interface AudioEngineDeps {
  audio: AudioLike;
  store: Pick<StoreApi<PlayerState>, 'getState' | 'subscribe'>;
  /** The stored tier (SPEC §4), read at every source load. */
  quality: () => AudioQuality;
  onQualityChange?: (listener: (q: AudioQuality) => void) => () => void;
  /** Receives the browser's 'online' event (window). */
  network?: EventTarget;
  mediaSession?: MediaSession;
  createMetadata?: (init: MediaMetadataInit) => MediaMetadata;
  /** Play counts and recentSongs (SPEC §4), once per song start. */
  onPlayed?: (song: Song) => void;
}

export interface AudioEngine {
  seekTo(positionS: number): void;
  seekBy(deltaS: number): void;
  /**
   * Plays the current song from another address at the same position,
   * resuming if it was playing (SPEC §4 video mode: the preview's audio_url).
   * The next song, or any reload, goes back to the catalogue's address.
   */
  swapSource(url: string): void;
  /** The audio element's position now (the video follows it). */
  positionS(): number;
  dispose(): void;
}

/**
 * The only module that touches the audio element and the Media Session
 * (style.md §7.3). It follows the player store: a song change loads the new
 * source 200 ms later; play/pause and volume are mirrored. SPEC §4 recovery:
 * a stall pauses, shows loading and retries from the same position after 2 s;
 * a network error retries 3 times with a growing delay; other errors set
 * SPEC §8's message and stop; the 'online' event reloads and resumes.
 */
export function createAudioEngine(deps: AudioEngineDeps): AudioEngine {
  const { audio, store } = deps;
  const actions = () => store.getState().actions;
  const current = (): Song | undefined => store.getState().queue[store.getState().currentIndex];

  let scheduledId: string | null = null;
  let loadedId: string | null = null;
  /** The catalogue's length of the loaded song, in seconds (0 when it does not say). */
  let knownDurationS = 0;
  let countedId: string | null = null;
  let loadTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let networkRetries = 0;
  let pendingSeekS: number | null = null;
  let lastPositionS = 0;
  let expectedPauses = 0;
  let resumeWhenOnline = false;

  const clearTimers = () => {
    if (loadTimer) clearTimeout(loadTimer);
    if (retryTimer) clearTimeout(retryTimer);
    loadTimer = retryTimer = null;
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

  const loadSource = (song: Song, positionS: number) => {
    const url = pickSourceUrl(song.downloadUrl as readonly DownloadLink[] | undefined, deps.quality());
    loadedId = song.id;
    knownDurationS = song.duration && song.duration > 0 ? song.duration : 0;
    if (!url) return stop(mediaErrorMessage(MEDIA_ERR.SRC_NOT_SUPPORTED));
    pendingSeekS = positionS > 0 ? positionS : null;
    lastPositionS = positionS;
    audio.src = url;
    if (store.getState().isPlaying) {
      actions().setLoading(true);
      playNow();
    } else {
      actions().setLoading(false);
    }
  };

  /** Reloads the current song at a position (stall, network retry, online, quality change). */
  const reload = (positionS: number) => {
    clearTimers();
    const song = current();
    if (!song) return;
    pauseQuietly();
    loadSource(song, positionS);
  };

  const updateMediaSession = (song: Song | undefined) => {
    const ms = deps.mediaSession;
    if (!ms) return;
    try {
      ms.metadata =
        song && deps.createMetadata
          ? deps.createMetadata({
              title: songTitle(song),
              artist: primaryArtistNames(song),
              album: albumName(song),
              artwork: (song.image ?? []).map((i) => ({ src: i.url, sizes: i.quality })),
            })
          : null;
    } catch {
      // Media Session is a nicety; a browser that rejects the metadata still plays.
    }
  };

  const scheduleLoad = (song: Song | undefined) => {
    clearTimers();
    scheduledId = song?.id ?? null;
    networkRetries = 0;
    resumeWhenOnline = false;
    pauseQuietly();
    updateMediaSession(song);
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
      loadSource(song, 0);
    }, PLAYER.SOURCE_DELAY_MS);
  };

  /**
   * The song's length: the catalogue's, or the element's when it says more.
   * While a first transcode is still streaming the element only knows what
   * has arrived (a few seconds), which is not the song's length.
   */
  const durationS = () => Math.max(Number.isFinite(audio.duration) ? audio.duration : 0, knownDurationS);

  const seekTo = (positionS: number) => {
    const max = durationS() > 0 ? durationS() : Number.POSITIVE_INFINITY;
    const target = Math.min(Math.max(0, positionS), max);
    if (!loadedId) return;
    audio.currentTime = target;
    lastPositionS = target;
    actions().setProgress(target, durationS());
  };

  const progress = () => {
    if (pendingSeekS == null) lastPositionS = audio.currentTime;
    actions().setProgress(lastPositionS, durationS());
  };

  const handlers: Record<string, () => void> = {
    loadedmetadata: () => {
      if (pendingSeekS != null) {
        audio.currentTime = pendingSeekS;
        pendingSeekS = null;
      }
      progress();
    },
    durationchange: progress,
    timeupdate: progress,
    waiting: () => actions().setLoading(true),
    canplay: () => {
      if (!store.getState().isPlaying) actions().setLoading(false);
    },
    playing: () => {
      networkRetries = 0;
      actions().setLoading(false);
      actions().setError(null);
      if (!store.getState().isPlaying) actions().setPlaying(true);
      const song = current();
      if (song && song.id === loadedId && countedId !== song.id) {
        countedId = song.id;
        actions().notePlayed(song.id);
        deps.onPlayed?.(song);
      }
      if (deps.mediaSession) deps.mediaSession.playbackState = 'playing';
    },
    pause: () => {
      if (deps.mediaSession) deps.mediaSession.playbackState = 'paused';
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
    stalled: () => {
      if (!store.getState().isPlaying || !loadedId || retryTimer) return;
      const at = audio.currentTime;
      pauseQuietly();
      actions().setLoading(true);
      retryTimer = setTimeout(() => reload(at), PLAYER.STALL_RETRY_MS);
    },
    error: () => {
      if (!loadedId) return;
      const code = audio.error?.code;
      const action = mediaErrorAction(code, networkRetries);
      if (action.kind === 'retry') {
        networkRetries++;
        actions().setLoading(true);
        const at = lastPositionS;
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = setTimeout(() => reload(at), action.delayMs);
        return;
      }
      resumeWhenOnline = code === MEDIA_ERR.NETWORK && store.getState().isPlaying;
      stop(action.message);
    },
  };

  const onOnline = () => {
    if (!loadedId || !current()) return;
    const resume = store.getState().isPlaying || resumeWhenOnline;
    resumeWhenOnline = false;
    networkRetries = 0;
    if (resume) {
      actions().setError(null);
      actions().setPlaying(true);
    }
    reload(lastPositionS);
  };

  for (const [type, fn] of Object.entries(handlers)) audio.addEventListener(type, fn);
  deps.network?.addEventListener('online', onOnline);
  const offQuality = deps.onQualityChange?.(() => {
    if (loadedId) reload(lastPositionS);
  });

  const ms = deps.mediaSession;
  const setHandler = (action: MediaSessionAction, fn: MediaSessionActionHandler | null) => {
    try {
      ms?.setActionHandler(action, fn);
    } catch {
      // Unsupported action in this browser.
    }
  };
  setHandler('play', () => actions().setPlaying(true));
  setHandler('pause', () => actions().setPlaying(false));
  setHandler('seekbackward', (d) => seekTo(audio.currentTime - (d.seekOffset ?? PLAYER.SEEK_STEP_S)));
  setHandler('seekforward', (d) => seekTo(audio.currentTime + (d.seekOffset ?? PLAYER.SEEK_STEP_S)));
  setHandler('previoustrack', () => actions().previous());
  setHandler('nexttrack', () => actions().next());

  audio.volume = store.getState().volume;
  const unsubscribe = store.subscribe((state, prev) => {
    const song = state.queue[state.currentIndex];
    if ((song?.id ?? null) !== scheduledId) scheduleLoad(song);
    if (state.volume !== prev.volume) audio.volume = state.volume;
    if (state.isPlaying !== prev.isPlaying) {
      if (!state.isPlaying) {
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = null;
        if (!audio.paused) audio.pause();
        actions().setLoading(false);
      } else if (loadedId === song?.id && !loadTimer) {
        if (state.error) reload(lastPositionS);
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
    if (!loadedId || loadTimer || loadedId !== current()?.id || !url || audio.src === url) return;
    const at = pendingSeekS ?? audio.currentTime;
    clearTimers();
    pauseQuietly();
    networkRetries = 0;
    pendingSeekS = at > 0 ? at : null;
    lastPositionS = at;
    audio.src = url;
    if (store.getState().isPlaying) {
      actions().setLoading(true);
      playNow();
    }
  };

  return {
    seekTo,
    seekBy: (deltaS) => seekTo(audio.currentTime + deltaS),
    swapSource,
    positionS: () => (pendingSeekS != null ? pendingSeekS : audio.currentTime),
    dispose() {
      clearTimers();
      unsubscribe();
      offQuality?.();
      for (const [type, fn] of Object.entries(handlers)) audio.removeEventListener(type, fn);
      deps.network?.removeEventListener('online', onOnline);
      for (const a of ['play', 'pause', 'seekbackward', 'seekforward', 'previoustrack', 'nexttrack'] as const) setHandler(a, null);
    },
  };
}
