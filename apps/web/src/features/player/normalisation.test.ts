// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { makeSong } from '../../test/songs.js';
import type { AudioGraph } from './audio-graph.js';
import { onLoudnessModeChange, readLoudnessMode, setLoudnessMode } from './loudness-storage.js';
import { followNormalisation } from './normalisation.js';
import { usePlayerStore } from './player-store.js';

const initial = usePlayerStore.getState();
const rg = (trackGain: number, albumGain: number) => ({ trackGain, trackPeak: 0.25, albumGain, albumPeak: 0.25 });
const album = (id: string, n: number, gain: [number, number]) =>
  makeSong(`${id}-${n}`, { album: { id, name: id, url: null }, replayGain: rg(...gain) });

let gains: number[];
const graph: AudioGraph = { prepare: () => {}, attach: async () => {}, setGain: (g) => void gains.push(g), active: true, output: null };

beforeEach(() => {
  localStorage.clear();
  gains = [];
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
});

describe('normalisation follows the song and the mode', () => {
  it('auto (the default): album gain in album order, track gain in a mixed queue; off is unity', () => {
    expect(readLoudnessMode()).toBe('auto');
    const stop = followNormalisation({ store: usePlayerStore, graph, mode: readLoudnessMode, onModeChange: onLoudnessModeChange });
    const a1 = album('al', 1, [-6, -3]);
    const a2 = album('al', 2, [-6, -3]);
    const other = album('x', 1, [-12, -12]);
    usePlayerStore.getState().actions.playQueue([a1, a2, other], 0);
    expect(gains.at(-1)).toBe(0.7079); // album gain -3 dB
    usePlayerStore.getState().actions.select(2);
    expect(gains.at(-1)).toBe(0.2512); // track gain -12 dB: no album neighbour
    setLoudnessMode('track');
    usePlayerStore.getState().actions.select(0);
    expect(gains.at(-1)).toBe(0.5012);
    setLoudnessMode('off');
    expect(gains.at(-1)).toBe(1);
    stop();
  });
});
