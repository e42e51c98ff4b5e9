import type { AudioLike } from './audio-engine-types.js';
import type { DecodedVoice } from './decoded-voice.js';
import type { Fader } from './fader.js';

/** The element events the engine listens to, passed on from whichever source plays. */
const EVENTS = [
  'loadedmetadata',
  'loadeddata',
  'durationchange',
  'timeupdate',
  'waiting',
  'canplay',
  'playing',
  'pause',
  'ended',
  'stalled',
  'error',
  'seeked',
] as const;

/** How long a decoded song that handed over is left to play out its end before it is let go. */
const PLAY_OUT_MS = 1_000;
/** A fading-out song cut short is silenced over this long before it stops (no click). */
const CUT_MS = 100;

/** A crossfade at a hand-over (crossfade.ts in player-core): its length from the hand-over time, and the two gain curves. */
export interface Crossfade {
  durationS: number;
  /** The song that ends, from 1 to 0. */
  out: Float32Array;
  /** The song that follows, from 0 to 1. */
  in: Float32Array;
}

/** The element's own gains in the Web Audio graph (audio-graph.ts), once it exists. */
export interface ElementGains {
  /** Its crossfade gain; null while there is no graph. */
  fader(): Fader | null;
  /** Sets the loudness-normalisation gain of the song the element plays. */
  setLevel(gain: number): void;
}

/**
 * What the engine plays through: the audio element, or a decoded song that
 * took over from it at the exact end of the previous one (gapless playback),
 * or some seconds before it with a crossfade. It looks like one element to
 * the engine. Pointing it at an address (a new load, a retry, a quality
 * change, video mode) always goes back to the element; pausing, seeking or a
 * new load call off a hand-over that was scheduled but has not happened yet.
 *
 * Through a crossfade the song that ended for the engine plays on, fading
 * out, as the tail; pausing, seeking or a new load silence it at once and
 * bring the song that followed to full. Each source keeps the loudness gain
 * of its own song (`level`), so the two songs keep their own levels while
 * they overlap.
 */
export interface PlaybackOutput extends AudioLike {
  /** The decoded song playing now, if the element is not the one playing. */
  readonly voice: DecodedVoice | null;
  /** A hand-over is scheduled and has not happened yet. */
  readonly armed: boolean;
  /** The loudness-normalisation gain of the current song, given to the source that plays it. */
  level: number;
  /**
   * Starts `next` at `whenS` on the audio clock, where the current source ends
   * (or, with `crossfade`, that long before), and makes it the one playing at
   * that time (or as soon as the current one reports its end). `onSwitch` runs
   * at the switch, before `next`'s events.
   */
  handOver(next: DecodedVoice, whenS: number, clock: () => number, onSwitch: () => void, crossfade?: Crossfade): void;
  /** Calls off a scheduled hand-over. */
  disarm(): void;
}

export function createPlaybackOutput(element: AudioLike, elementGains?: ElementGains): PlaybackOutput {
  const target = new EventTarget();
  let voice: DecodedVoice | null = null;
  let pending: {
    next: DecodedVoice;
    timer: ReturnType<typeof setTimeout>;
    onSwitch: () => void;
    crossfade: Crossfade | null;
    /** The current source's fader, when a crossfade will fade it out. */
    fadingOut: Fader | null;
  } | null = null;
  /** The song still fading out after a crossfade hand-over: a decoded one, or the element (voice null). */
  let tail: { voice: DecodedVoice | null; fader: Fader | null; timer: ReturnType<typeof setTimeout> } | null = null;
  let volume = element.volume;
  let level = 1;
  const active = (): AudioLike => voice ?? element;

  const forward = (from: () => AudioLike) => (e: Event) => {
    if (from() !== active()) return;
    // The current song ending with the next one scheduled: switch now.
    if (pending && (e.type === 'ended' || (e.type === 'pause' && active().ended))) {
      if (e.type === 'ended') switchNow();
      return;
    }
    target.dispatchEvent(new Event(e.type));
  };
  const fromElement = forward(() => element);
  for (const type of EVENTS) element.addEventListener(type, fromElement);

  /** Stops listening to the decoded song, and returns it, still playing. */
  const detachVoice = (): DecodedVoice | null => {
    const old = voice;
    voice = null;
    if (old) for (const type of EVENTS) old.removeEventListener(type, fromVoice);
    return old;
  };
  const fromVoice = forward(() => voice ?? element);

  const disarm = () => {
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.next.dispose();
    pending.fadingOut?.settle();
    pending = null;
  };

  /** The element stops only while a decoded song is the one playing, so its pause is not passed on. */
  const stopElementTail = () => {
    if (voice && !element.paused) element.pause();
  };

  const stopTail = (t: NonNullable<typeof tail>) => {
    if (t.voice) t.voice.dispose();
    else stopElementTail();
  };

  /** The tail has faded out: let it go. */
  const endTail = () => {
    if (!tail) return;
    const t = tail;
    tail = null;
    clearTimeout(t.timer);
    stopTail(t);
  };

  /** A crossfade cut short (pause, seek, new load): the tail falls silent and the song playing goes to full. */
  const cutTail = () => {
    if (!tail) return;
    const t = tail;
    tail = null;
    clearTimeout(t.timer);
    t.fader?.silence();
    setTimeout(() => stopTail(t), CUT_MS);
    voice?.fader.settle();
  };

  const switchNow = () => {
    if (!pending) return;
    const { next, timer, onSwitch, crossfade, fadingOut } = pending;
    clearTimeout(timer);
    pending = null;
    const fromTheElement = !voice;
    if (crossfade) endTail();
    const old = detachVoice();
    if (crossfade) {
      // The song that ends plays on under the next one until its fade is done.
      tail = { voice: old, fader: fadingOut, timer: setTimeout(endTail, crossfade.durationS * 1000 + PLAY_OUT_MS) };
    } else if (old) {
      // The switch timer may run a few ms before the audio clock reaches the old song's end.
      setTimeout(() => old.dispose(), PLAY_OUT_MS);
    }
    voice = next;
    for (const type of EVENTS) next.addEventListener(type, fromVoice);
    // The element's end was read from its clock; one that stalled is still short of it (its pause is not passed on).
    if (!crossfade && fromTheElement && !element.paused && !element.ended && element.duration - element.currentTime > 0.05) element.pause();
    onSwitch();
    for (const type of ['durationchange', 'playing', 'timeupdate']) target.dispatchEvent(new Event(type));
  };

  /** Back to the element (any load), at full and at the level of the song it will play. */
  const toElement = () => {
    disarm();
    cutTail();
    detachVoice()?.dispose();
    elementGains?.fader()?.settle();
    elementGains?.setLevel(level);
  };

  return {
    get voice() {
      return voice;
    },
    get armed() {
      return pending != null;
    },
    get level() {
      return level;
    },
    set level(gain: number) {
      level = gain;
      if (voice) voice.level = gain;
      else elementGains?.setLevel(gain);
    },
    handOver(next, whenS, clock, onSwitch, crossfade) {
      disarm();
      next.volume = volume;
      // The current song's level until the switch, when the next song's own is set.
      next.level = level;
      next.startAt(whenS);
      const fading = crossfade && crossfade.durationS > 0 ? crossfade : null;
      let fadingOut: Fader | null = null;
      if (fading) {
        fadingOut = voice ? voice.fader : (elementGains?.fader() ?? null);
        next.fader.fade(fading.in, whenS, fading.durationS);
        fadingOut?.fade(fading.out, whenS, fading.durationS);
      }
      const timer = setTimeout(() => switchNow(), Math.max(0, (whenS - clock()) * 1000));
      pending = { next, timer, onSwitch, crossfade: fading, fadingOut };
    },
    disarm,
    get src() {
      return active().src;
    },
    set src(url: string) {
      toElement();
      element.src = url;
    },
    get currentTime() {
      return active().currentTime;
    },
    set currentTime(t: number) {
      disarm();
      cutTail();
      active().currentTime = t;
    },
    get volume() {
      return volume;
    },
    set volume(v: number) {
      volume = v;
      element.volume = v;
      if (voice) voice.volume = v;
      if (tail?.voice) tail.voice.volume = v;
      if (pending) pending.next.volume = v;
    },
    get duration() {
      return active().duration;
    },
    get paused() {
      return active().paused;
    },
    get ended() {
      return active().ended;
    },
    get error() {
      return active().error;
    },
    get seekable() {
      return active().seekable;
    },
    play: () => active().play(),
    pause() {
      disarm();
      cutTail();
      active().pause();
    },
    removeAttribute(name: string) {
      toElement();
      element.removeAttribute?.(name);
    },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
  };
}
