import { afterEach, beforeEach, vi } from 'vitest';
import { FakeAudio } from '../../test/fake-audio.js';
import { createAudioEngine, type AudioEngine } from './audio-engine.js';
import { recordPlay } from './play-stats-storage.js';
import { usePlayerStore } from './player-store.js';
import { onAudioQualityChange, readAudioQuality } from './quality-storage.js';

/**
 * The audio engine's tests' set-up (never imported by the app): the engine wired
 * as the app wires it, on doubles a test drives.
 */

const initial = usePlayerStore.getState();
export const actions = () => usePlayerStore.getState().actions;
export const state = () => usePlayerStore.getState();

/** A Media Session double that keeps the handlers the engine registers. */
function fakeMediaSession() {
  const handlers = new Map<string, MediaSessionActionHandler | null>();
  return {
    handlers,
    session: {
      metadata: null as MediaMetadata | null,
      playbackState: 'none' as MediaSessionPlaybackState,
      setActionHandler: (a: MediaSessionAction, h: MediaSessionActionHandler | null) => handlers.set(a, h),
      setPositionState: () => {},
    } as unknown as MediaSession,
    call: (a: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) => handlers.get(a)?.({ action: a, ...details }),
  };
}

export interface EngineRig {
  /** The audio element double. */
  audio: FakeAudio;
  /** Where the browser's 'online' event is fired. */
  network: EventTarget;
  /** What navigator.onLine says (true unless a test says otherwise). */
  online: boolean;
  media: ReturnType<typeof fakeMediaSession>;
  /** The engine; a test may replace it (the rig disposes the one it holds). */
  engine: AudioEngine;
}

/**
 * Before each test of the file: fake timers, empty storage, an empty queue, and
 * an engine on a FakeAudio at the stored quality, following quality changes,
 * with a network, a Media Session double and play counting. After each test the
 * engine is disposed. The rig holds the current test's parts.
 */
export function useEngineRig(): EngineRig {
  const rig = {} as EngineRig;
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    sessionStorage.clear();
    usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
    rig.audio = new FakeAudio();
    rig.network = new EventTarget();
    rig.online = true;
    rig.media = fakeMediaSession();
    rig.engine = createAudioEngine({
      audio: rig.audio,
      store: usePlayerStore,
      quality: () => readAudioQuality(),
      onQualityChange: onAudioQualityChange,
      network: rig.network,
      isOnline: () => rig.online,
      mediaSession: rig.media.session,
      createMetadata: (init) => init as unknown as MediaMetadata,
      onPlayed: (song) => recordPlay(song),
    });
  });
  afterEach(() => {
    rig.engine.dispose();
    vi.useRealTimers();
  });
  return rig;
}
