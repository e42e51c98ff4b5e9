import type { Song } from '@lyra/contracts/catalogue';
import type { AudioEngine, AudioEngineDeps } from './audio-engine-types.js';
import { createElementControl } from './element-control.js';
import { listenToElement } from './element-events.js';
import { bindMediaSession } from './media-session.js';
import { createPlaybackPosition } from './playback-position.js';
import { createRecovery } from './playback-recovery.js';
import { createSongChange } from './song-change.js';
import { canSeekTo } from './source-address.js';
import { createSourceLoader } from './source-loader.js';

export type { AudioEngine, AudioEngineDeps, AudioLike } from './audio-engine-types.js';

/**
 * The audio element's driver (style.md §7.3), put together from its parts:
 * it follows the player store (a song change: song-change.ts; play/pause and
 * volume are mirrored), loads sources (source-loader.ts), reads the
 * element's events (element-events.ts), recovers from stalls and errors
 * (playback-recovery.ts) and answers the lock screen (media-session.ts).
 *
 * Every load starts at a position (source-address.ts): a seek the element
 * cannot make itself (a first transcode still streaming), a quality change,
 * a retry or coming back online load the tier again at the position, and the
 * server starts the audio there.
 */
export function createAudioEngine(deps: AudioEngineDeps): AudioEngine {
  const { audio, store } = deps;
  const actions = () => store.getState().actions;
  const current = (): Song | undefined => store.getState().queue[store.getState().currentIndex];
  const online = () => deps.isOnline?.() ?? true;

  const position = createPlaybackPosition(audio);
  const positionS = position.nowS;
  const control = createElementControl(audio, actions);

  const stop = (message: string) => {
    songChange.cancel();
    control.pauseQuietly();
    actions().setError(message);
    actions().setLoading(false);
    actions().setPlaying(false);
  };

  const loader = createSourceLoader({ deps, control, position, current, online, stop });

  /** Reloads the current song at a position (stall, network retry, online, quality change). */
  const reload = (at: number) => {
    songChange.cancel();
    const song = current();
    if (song) loader.loadSong(song, at);
  };

  const recovery = createRecovery({
    loaded: () => loader.loadedId() != null && current() != null && !songChange.waiting(),
    isPlaying: () => store.getState().isPlaying,
    errorCode: () => audio.error?.code,
    online,
    positionS: position.lastS,
    pauseQuietly: control.pauseQuietly,
    setLoading: (loading) => actions().setLoading(loading),
    reload,
    stop,
    resume: () => {
      actions().setError(null);
      actions().setPlaying(true);
    },
    ...(deps.songGone && deps.onSongGone ? goneChecks(deps.songGone, deps.onSongGone) : {}),
  });

  /** A deleted song's failure (playback-recovery.ts): the catalogue is asked about the current song. */
  function goneChecks(songGone: (id: string) => Promise<boolean>, onSongGone: (song: Song) => void) {
    let asked: Song | undefined;
    return {
      isGone: () => {
        asked = current();
        return asked ? songGone(asked.id) : Promise.resolve(false);
      },
      dropGone: () => {
        if (asked && asked.id === current()?.id) onSongGone(asked);
      },
    };
  }

  const session = bindMediaSession(deps.mediaSession, deps.createMetadata, {
    play: () => actions().setPlaying(true),
    pause: () => actions().setPlaying(false),
    seekBy: (d) => seekBy(d),
    previous: () => actions().previous(),
    next: () => actions().next(),
  });

  const songChange = createSongChange({
    loader,
    actions,
    pauseQuietly: control.pauseQuietly,
    cancelRetry: recovery.cancel,
    resetRecovery: recovery.reset,
    show: session.show,
  });

  const clamp = (to: number, durationS: number) => Math.min(Math.max(0, to), durationS > 0 ? durationS : Number.POSITIVE_INFINITY);
  /** Returns true when it loaded the song again from there (which plays by itself if the listener is playing). */
  const seekTo = (to: number): boolean => {
    if (songChange.waiting() && songChange.scheduledId() === current()?.id) {
      // Its load has not started (the element still holds the song before): its own length bounds the position.
      const durationS = current()?.duration ?? 0;
      const target = clamp(to, durationS);
      songChange.startAt(target);
      actions().setProgress(target, durationS);
      return false;
    }
    const durationS = position.durationS();
    const target = clamp(to, durationS);
    if (!loader.loadedId()) return false;
    const loadAgain = position.pending() || !canSeekTo(audio.seekable, target);
    if (!loadAgain) audio.currentTime = target;
    else {
      // A first transcode still streaming cannot jump ahead: start a new stream there.
      songChange.cancel();
      loader.load(loader.loadedBase(), target);
    }
    position.jumpedTo(target);
    actions().setProgress(target, durationS);
    return loadAgain;
  };
  const seekBy = (deltaS: number) => seekTo(positionS() + deltaS);

  const stopListening = listenToElement({
    deps,
    position,
    control,
    recovery,
    session,
    current,
    loadedId: loader.loadedId,
    seekTo: (s) => seekTo(s),
    progress: () => {
      const shown = position.sample();
      actions().setProgress(shown.positionS, shown.durationS);
    },
  });
  const onOnline = () => recovery.online();
  deps.network?.addEventListener('online', onOnline);
  const offQuality = deps.onQualityChange?.(() => {
    if (loader.loadedId() && !songChange.waiting()) reload(positionS());
  });

  audio.volume = store.getState().volume;
  const unsubscribe = store.subscribe((state, prev) => {
    const song = state.queue[state.currentIndex];
    if ((song?.id ?? null) !== songChange.scheduledId()) songChange.schedule(song);
    if (state.volume !== prev.volume) audio.volume = state.volume;
    if (state.isPlaying !== prev.isPlaying) {
      if (!state.isPlaying) {
        recovery.cancel();
        if (!audio.paused) audio.pause();
        actions().setLoading(false);
      } else if (loader.loadedId() === song?.id && !songChange.waiting()) {
        if (state.error) reload(position.lastS());
        else {
          actions().setLoading(true);
          control.playNow();
        }
      }
    }
  });

  // A queue restored from the session loads its current song, paused, where it was.
  const restored = current();
  if (restored) {
    songChange.schedule(restored);
    const at = deps.restoredPositionS?.(restored.id) ?? 0;
    if (at > 0) seekTo(at);
  }

  return {
    seekTo,
    seekBy,
    swapSource(url) {
      const loadedId = loader.loadedId();
      if (!loadedId || songChange.waiting() || loadedId !== current()?.id || !url || loader.loadedBase() === url) return;
      songChange.cancel();
      recovery.reset();
      loader.load(url, positionS());
    },
    handedOver: songChange.handedOver,
    positionS,
    dispose() {
      songChange.cancel();
      unsubscribe();
      offQuality?.();
      stopListening();
      deps.network?.removeEventListener('online', onOnline);
      session.dispose();
    },
  };
}
