import type { Song } from '@lyra/contracts/catalogue';
import { crossfadeCurves, crossfadeLengthS, crossfadeWindow } from '@lyra/player-core/crossfade';
import { agreedEndS, decodable, elementLengthS, followingItem, gaplessStep, handoverAtS, remainingS } from '@lyra/player-core/gapless';
import { normalisedPeak, playingAlbumInOrder, type LoudnessMode } from '@lyra/player-core/loudness';
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
  /** The crossfade setting in seconds (0: off, the default). */
  crossfadeS?: () => number;
  /** The loudness mode, for the songs' peaks through a crossfade (none given: off). */
  loudnessMode?: () => LoudnessMode;
}

/** How loud the current song and the next can get once normalised (crossfadeCurves keeps their sum from clipping). */
function peaks({ queue, currentIndex }: PlayerState, mode: LoudnessMode) {
  const at = (i: number) => normalisedPeak(queue[i], mode, playingAlbumInOrder(queue, i));
  return { outPeak: at(currentIndex), inPeak: at((currentIndex + 1) % queue.length) };
}

/**
 * Gapless playback (rules in player-core's gapless.ts): while a song
 * plays, the one that follows is fetched and decoded ahead, then started on
 * the audio clock where the current one ends, and the output switches to it
 * at that moment. With a crossfade (player-core's crossfade.ts) it starts
 * that much earlier and the two songs' gains cross over until the first one
 * ends. Without a running Web Audio graph (or for a song too long to hold
 * decoded, or one that fails to decode) the element follows on as before.
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
    const following = followingItem(state, state.repeat);
    if (output.armed && armedFor !== following?.id) output.disarm();
    if (!output.armed) armedFor = null;
    if (!graph || !following || !decodable(following.duration) || output.armed) return;
    const decoded = prepared?.id === following.id ? prepared.buffer : null;
    const current = state.queue[state.currentIndex];
    // A decoded song knows its length; the element may not yet (a first transcode streaming).
    const length = output.voice ? { lengthS: output.duration, exact: true } : elementLengthS(output.duration, current?.duration);
    const overlapS = crossfadeLengthS({
      settingS: deps.crossfadeS?.() ?? 0,
      current,
      following,
      currentDurationS: length.lengthS,
      // Until it is decoded, the catalogue's length.
      followingDurationS: decoded?.duration ?? following.duration ?? Number.NaN,
    });
    const step = gaplessStep({
      playing: state.isPlaying && !output.paused,
      positionS: output.currentTime,
      durationS: length.lengthS,
      decoded: decoded != null,
      overlapS,
      lengthExact: length.exact,
    });
    if (step === 'prefetch') prefetch(following, graph.context);
    if (step !== 'schedule' || !prepared) {
      endReadings = [];
      return;
    }
    const { buffer, url } = prepared;
    const clock = () => graph.context.currentTime;
    let endS: number | null;
    if (output.voice) endS = output.voice.endsAtS();
    else {
      endReadings.push(handoverAtS({ clockS: clock(), positionS: output.currentTime, durationS: length.lengthS }));
      endS = agreedEndS(endReadings, remainingS(output.currentTime, length.lengthS) - overlapS, overlapS > 0);
    }
    if (endS == null || !Number.isFinite(endS)) return;
    endReadings = [];
    armedFor = following.id;
    const voice = createDecodedVoice(graph.context, buffer, graph.input, url);
    const { startS, durationS } = crossfadeWindow({ endS, lengthS: overlapS, clockS: clock() });
    output.handOver(
      voice,
      startS,
      clock,
      () => {
        armedFor = null;
        if (prepared?.id === following.id) prepared = null;
        deps.onHandOver(following);
      },
      durationS > 0 ? { durationS, ...crossfadeCurves(peaks(state, deps.loudnessMode?.() ?? 'off')) } : undefined,
    );
  };

  const timer = setInterval(check, CHECK_MS);
  return () => {
    clearInterval(timer);
    deps.output.disarm();
  };
}
