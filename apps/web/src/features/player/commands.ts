import type { Song } from '@lyra/contracts/catalogue';
import { shuffled } from '@lyra/player-core/collection-play';
import { toast } from '../../shared/lib/toast.js';
import { playerEngine } from './player-runtime.js';
import { playerActions, usePlayerStore } from './player-store.js';

/** Where 'Add to queue' sends a song instead of this queue: the other device that plays (SPEC#devices-signed-every-open Devices); null: here. */
let queueElsewhere: ((song: Song) => void) | null = null;

/** Sends 'Add to queue' to another device's queue while it plays (devices/), or back here with null. */
export function addToQueueElsewhere(target: ((song: Song) => void) | null): void {
  queueElsewhere = target;
}

/**
 * Named player commands, shared by buttons, keys, swipes and Media Session
 * (style.md §7.3), so each behaves the same from everywhere.
 */
export const commands = {
  play: () => playerActions().setPlaying(true),
  pause: () => playerActions().setPlaying(false),
  toggle: () => playerActions().setPlaying(!usePlayerStore.getState().isPlaying),
  next: () => playerActions().next(),
  previous: () => playerActions().previous(),
  toggleShuffle: () => playerActions().toggleShuffle(),
  cycleRepeat: () => playerActions().cycleRepeat(),
  seekTo: (positionS: number) => playerEngine()?.seekTo(positionS),
  seekBy: (deltaS: number) => playerEngine()?.seekBy(deltaS),
  /** Slider value 0-100 (SPEC#limits-player: steps of 1 percent). */
  setVolumePercent: (percent: number) => playerActions().setVolume(Math.round(percent) / 100),
  select: (index: number) => playerActions().select(index),
  removeAt: (index: number) => playerActions().removeAt(index),
  playListRow: (list: readonly Song[], index: number) => playerActions().playListRow(list, index),
  /** A tile of a grid or carousel: the whole list is the queue, from the tapped song. */
  playListAt: (list: readonly Song[], index: number) => playerActions().playQueue([...list], index),
  /** A collection's Play: the whole collection is the queue, from its first song. */
  playAll: (list: readonly Song[]) => list.length > 0 && playerActions().playQueue([...list], 0),
  /** A collection's Shuffle: the whole collection, in a random order. */
  shuffleAll: (list: readonly Song[]) => list.length > 0 && playerActions().playQueue(shuffled(list), 0),
  /** Search: plays the song alone (the queue is cleared). */
  playOnly: (song: Song) => playerActions().playQueue([song], 0),
  /** Continue listening: plays the song alone from a position (its load starts there). */
  playFrom(song: Song, positionS: number) {
    playerActions().playQueue([song], 0);
    playerEngine()?.seekTo(positionS);
  },
  /** SPEC#player-optional-query-parameter `?share` (or a song that is not current): the song becomes current and queued, paused. */
  openPaused: (song: Song) => playerActions().openPaused(song),
  addToQueue(song: Song) {
    if (queueElsewhere) return queueElsewhere(song);
    try {
      playerActions().addToQueue(song);
      toast.success('Song added to queue');
    } catch {
      toast.error('An error occurred adding song to queue');
    }
  },
};
