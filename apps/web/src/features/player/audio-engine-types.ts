import type { Song } from '@lyra/contracts/catalogue';
import type { AudioQuality } from '@lyra/player-core/audio-quality';
import type { StoreApi } from 'zustand';
import type { PlayerState } from './player-store.js';
import type { Ranges } from './source-address.js';

/** The part of HTMLAudioElement the engine uses (a fake in unit tests). */
export interface AudioLike extends EventTarget {
  src: string;
  currentTime: number;
  volume: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly error: { readonly code: number } | null;
  readonly seekable: Ranges;
  play(): Promise<void>;
  pause(): void;
  removeAttribute?(name: string): void;
}

export interface AudioEngineDeps {
  audio: AudioLike;
  store: Pick<StoreApi<PlayerState>, 'getState' | 'subscribe'>;
  /** The stored tier (SPEC#states-audio-quality), read at every source load. */
  quality: () => AudioQuality;
  onQualityChange?: (listener: (q: AudioQuality) => void) => () => void;
  /** Receives the browser's 'online' event (window). */
  network?: EventTarget;
  /** navigator.onLine: a load that fails while offline says so, not a codec error. */
  isOnline?: () => boolean;
  mediaSession?: MediaSession;
  createMetadata?: (init: MediaMetadataInit) => MediaMetadata;
  /** Play counts and recentSongs (SPEC#states-player), once per song start. */
  onPlayed?: (song: Song) => void;
  /**
   * The song's audio kept on this device (a blob URL), played instead of the
   * catalogue's; null at once when it is not kept.
   */
  localSource?: (songId: string) => Promise<string | null> | null;
  /** Offline, a song that is not kept cannot play: the caller may skip it (returns true when it did). */
  onUnavailableOffline?: (song: Song) => boolean;
  /** Just before the element is pointed at an address (the Web Audio graph may ask for CORS). */
  beforeLoad?: (url: string) => void;
  /**
   * Asks the catalogue whether a song whose audio failed is still in the library:
   * true only when it answers that it has no such song (its file was deleted).
   */
  songGone?: (songId: string) => Promise<boolean>;
  /** The current song left the library: it leaves the queue, and the next one takes its place. */
  onSongGone?: (song: Song) => void;
  /** Where a queue restored at start-up (a reload) had got to in its current song, in seconds. */
  restoredPositionS?: (songId: string) => number;
}

export interface AudioEngine {
  seekTo(positionS: number): void;
  seekBy(deltaS: number): void;
  /**
   * Plays the current song from another address at the same position,
   * resuming if it was playing (SPEC#states-video-mode: the preview's audio_url).
   * The next song, or any reload, goes back to the catalogue's address.
   */
  swapSource(url: string): void;
  /**
   * The output already plays this song from its start (a gapless hand-over):
   * when the queue moves on to it, it is not loaded again.
   */
  handedOver(songId: string): void;
  /** The audio element's position now (the video follows it). */
  positionS(): number;
  dispose(): void;
}
