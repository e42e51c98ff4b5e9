import type { Song } from '@lyra/contracts/catalogue';
import { agreedEndS, decodable, followingItem, gaplessStep, handoverAtS, remainingS } from '@lyra/player-core/gapless';
import type { StoreApi } from 'zustand';
import { createDecodedVoice } from './decoded-voice.js';
import type { PlaybackOutput } from './playback-output.js';
import type { PlayerState } from './player-store.js';

/** How often the position is checked against the gapless lead times. */
const CHECK_MS = 200;

export interface GaplessDeps {
  output: PlaybackOutput;
  store: Pick<StoreApi<PlayerState>, 'getState'>;
  /** The Web Audio graph the element plays through (its clock and input); null while there is none. */
  graph: () => { context: BaseAudioContext; input: AudioNode } | null;
  /** The song's encoded audio and its address (gapless-source.ts); null when it cannot be had now. */
  songBytes: (song: Song) => Promise<{ url: string; bytes: ArrayBuffer } | null>;
  /** The song has taken over: the engine treats it as loaded and the queue moves on. */
  onHandOver: (song: Song) => void;
}

/**
 * Gapless playback (rules in player-core's gapless.ts): while a song
 * plays, the one that follows is fetched and decoded ahead, then started on
 * the audio clock where the current one ends, and the output switches to it
 * at that moment. Without a running Web Audio graph (or for a song too long
 * to hold decoded, or one that fails to decode) the element follows on as
 * before.
 */
export function followGapless(deps: GaplessDeps): () => void {
  let prepared: { id: string; buffer: AudioBuffer; url: string } | null = null;
  let loading: string | null = null;
  let failed: string | null = null;
  let armedFor: string | null = null;
  /** The element's end read on each check while scheduling is due (agreedEndS). */
  let endReadings: number[] = [];

  const prefetch = (song: Song, context: BaseAudioContext) => {
    if (loading === song.id || failed === song.id) return;
    loading = song.id;
    prepared = null;
    void (async () => {
      try {
        const source = await deps.songBytes(song);
        if (!source) throw new Error('no source');
        const buffer = await context.decodeAudioData(source.bytes);
        if (loading === song.id) prepared = { id: song.id, buffer, url: source.url };
      } catch {
        if (loading === song.id) failed = song.id;
      } finally {
        if (loading === song.id) loading = null;
      }
    })();
  };

  const check = () => {
    const { output } = deps;
    const graph = deps.graph();
    const state = deps.store.getState();
    const following = followingItem(state);
    if (output.armed && armedFor !== following?.id) output.disarm();
    if (!output.armed) armedFor = null;
    if (!graph || !following || !decodable(following.duration) || output.armed) return;
    const step = gaplessStep({
      playing: state.isPlaying && !output.paused,
      positionS: output.currentTime,
      durationS: output.duration,
      decoded: prepared?.id === following.id,
    });
    if (step === 'prefetch') prefetch(following, graph.context);
    if (step !== 'schedule' || !prepared) {
      endReadings = [];
      return;
    }
    const { buffer, url } = prepared;
    const clock = () => graph.context.currentTime;
    const current = output.voice;
    let whenS: number | null;
    if (current) whenS = current.endsAtS();
    else {
      endReadings.push(handoverAtS({ clockS: clock(), positionS: output.currentTime, durationS: output.duration }));
      whenS = agreedEndS(endReadings, remainingS(output.currentTime, output.duration));
    }
    if (whenS == null || !Number.isFinite(whenS)) return;
    endReadings = [];
    armedFor = following.id;
    const voice = createDecodedVoice(graph.context, buffer, graph.input, url);
    output.handOver(voice, Math.max(whenS, clock()), clock, () => {
      armedFor = null;
      if (prepared?.id === following.id) prepared = null;
      deps.onHandOver(following);
    });
  };

  const timer = setInterval(check, CHECK_MS);
  return () => {
    clearInterval(timer);
    deps.output.disarm();
  };
}
