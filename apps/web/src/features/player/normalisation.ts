import { normalisationGain, playingAlbumInOrder, type LoudnessMode } from '@lyra/player-core/loudness';
import type { StoreApi } from 'zustand';
import type { AudioGraph } from './audio-graph.js';
import type { PlayerState } from './player-store.js';

/**
 * Keeps the gain right for the current song: on a song change, a queue
 * change (album order), a mode change, and when the graph is first made.
 */
export function followNormalisation(deps: {
  store: Pick<StoreApi<PlayerState>, 'getState' | 'subscribe'>;
  /** Where the current song's gain goes (the playback output, which gives it to the source playing that song). */
  graph: Pick<AudioGraph, 'setGain'>;
  mode: () => LoudnessMode;
  onModeChange: (listener: () => void) => () => void;
}): () => void {
  const apply = () => {
    const { queue, currentIndex } = deps.store.getState();
    deps.graph.setGain(normalisationGain(queue[currentIndex], deps.mode(), playingAlbumInOrder(queue, currentIndex)));
  };
  apply();
  const offStore = deps.store.subscribe((s, prev) => {
    if (s.queue !== prev.queue || s.currentIndex !== prev.currentIndex) apply();
  });
  const offMode = deps.onModeChange(apply);
  return () => {
    offStore();
    offMode();
  };
}
