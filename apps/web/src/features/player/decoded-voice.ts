import { decodedPositionS } from '@lyra/player-core/gapless';
import type { AudioLike } from './audio-engine-types.js';
import { paramFader, type Fader } from './fader.js';
import type { Ranges } from './source-address.js';

/** How often a playing decoded song reports its position, like an element's timeupdate. */
const TICK_MS = 250;
/** How fast a new loudness gain is reached while it plays (time constant), as on the element. */
const LEVEL_RAMP_S = 0.03;

/**
 * A song decoded in memory (an AudioBuffer), played through Web Audio with the
 * same surface as the audio element (AudioLike), so the engine drives it the
 * same way: play, pause, seek, volume, and the element's events. Unlike the
 * element it can start at an exact time on the audio clock (`startAt`), which
 * is what makes the hand-over from one song to the next gapless.
 */
export interface DecodedVoice extends AudioLike {
  /** Starts from the beginning at `whenS` on the audio clock; it counts as playing from now. */
  startAt(whenS: number): void;
  /** The audio-clock time it ends if left playing; NaN while paused. */
  endsAtS(): number;
  /** Its loudness-normalisation gain (linear), kept apart from the volume. */
  level: number;
  /** Its rate (a listening room's small corrections); its pitch moves with it. */
  playbackRate: number;
  /** Its crossfade gain (fading in as the song before fades out, or out at its own end). */
  readonly fader: Fader;
  /** Stops and lets go of the audio, without events (a song that will not play). */
  dispose(): void;
}

export function createDecodedVoice(ctx: BaseAudioContext, buffer: AudioBuffer, output: AudioNode, src: string): DecodedVoice {
  const target = new EventTarget();
  // source → crossfade → loudness → volume → output
  const fadeNode = ctx.createGain();
  const levelNode = ctx.createGain();
  const gain = ctx.createGain();
  fadeNode.connect(levelNode);
  levelNode.connect(gain);
  gain.connect(output);
  const fader = paramFader(fadeNode.gain, ctx);
  let level = 1;
  const durationS = buffer.duration;
  let node: AudioBufferSourceNode | null = null;
  let startedAtS = 0;
  let offsetS = 0;
  let paused = true;
  let ended = false;
  let rate = 1;
  let ticker: ReturnType<typeof setInterval> | null = null;
  const emit = (type: string) => target.dispatchEvent(new Event(type));
  const position = () =>
    paused ? offsetS : decodedPositionS({ clockS: ctx.currentTime, startedAtS, offsetS, durationS, rate });

  const halt = () => {
    if (ticker) clearInterval(ticker);
    ticker = null;
    if (!node) return;
    const n = node;
    node = null;
    n.onended = null;
    try {
      n.stop();
    } catch {
      // never started
    }
    n.disconnect();
  };
  const begin = (whenS: number, fromS: number) => {
    halt();
    const n = ctx.createBufferSource();
    n.buffer = buffer;
    if (rate !== 1) n.playbackRate.value = rate;
    n.connect(fadeNode);
    n.onended = () => {
      if (node !== n) return;
      halt();
      offsetS = durationS;
      paused = true;
      ended = true;
      emit('timeupdate');
      emit('pause');
      emit('ended');
    };
    n.start(whenS, fromS);
    node = n;
    startedAtS = whenS;
    offsetS = fromS;
    paused = false;
    ended = false;
    ticker = setInterval(() => emit('timeupdate'), TICK_MS);
  };

  const seekable: Ranges = { length: 1, start: () => 0, end: () => durationS };

  return {
    src,
    error: null,
    seekable,
    get duration() {
      return durationS;
    },
    get paused() {
      return paused;
    },
    get ended() {
      return ended;
    },
    get volume() {
      return gain.gain.value;
    },
    set volume(v: number) {
      gain.gain.value = v;
    },
    get level() {
      return level;
    },
    set level(v: number) {
      level = v;
      // Set outright before it starts; moved smoothly while it plays.
      levelNode.gain.cancelScheduledValues(0);
      if (paused) levelNode.gain.value = v;
      else levelNode.gain.setTargetAtTime(v, ctx.currentTime, LEVEL_RAMP_S);
    },
    fader,
    get playbackRate() {
      return rate;
    },
    set playbackRate(r: number) {
      if (r === rate) return;
      // Playing: the position so far is kept, and the new rate counts from now (or from its start, still ahead).
      if (!paused && ctx.currentTime > startedAtS) {
        offsetS = position();
        startedAtS = ctx.currentTime;
      }
      rate = r;
      if (node) node.playbackRate.value = r;
    },
    get currentTime() {
      return position();
    },
    set currentTime(t: number) {
      const to = Math.min(Math.max(0, t), durationS);
      if (paused) offsetS = to;
      else begin(ctx.currentTime, to);
      ended = false;
      emit('seeked');
      emit('timeupdate');
    },
    play() {
      if (paused) {
        begin(ctx.currentTime, offsetS >= durationS ? 0 : offsetS);
        emit('playing');
      }
      return Promise.resolve();
    },
    pause() {
      if (paused) return;
      offsetS = position();
      halt();
      paused = true;
      emit('pause');
    },
    startAt(whenS) {
      begin(whenS, 0);
    },
    endsAtS() {
      return paused ? Number.NaN : startedAtS + (durationS - offsetS) / rate;
    },
    dispose() {
      halt();
      paused = true;
      fadeNode.disconnect();
      levelNode.disconnect();
      gain.disconnect();
    },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
  };
}
