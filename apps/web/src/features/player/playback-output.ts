import type { AudioLike } from './audio-engine-types.js';
import type { DecodedVoice } from './decoded-voice.js';

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

/**
 * What the engine plays through: the audio element, or a decoded song that
 * took over from it at the exact end of the previous one (gapless playback).
 * It looks like one element to the engine. Pointing it at an address (a new
 * load, a retry, a quality change, video mode) always goes back to the
 * element; pausing, seeking or a new load call off a hand-over that was
 * scheduled but has not happened yet.
 */
export interface PlaybackOutput extends AudioLike {
  /** The decoded song playing now, if the element is not the one playing. */
  readonly voice: DecodedVoice | null;
  /** A hand-over is scheduled and has not happened yet. */
  readonly armed: boolean;
  /**
   * Starts `next` at `whenS` on the audio clock, where the current source ends,
   * and makes it the one playing at that time (or as soon as the current one
   * reports its end). `onSwitch` runs at the switch, before `next`'s events.
   */
  handOver(next: DecodedVoice, whenS: number, clock: () => number, onSwitch: () => void): void;
  /** Calls off a scheduled hand-over. */
  disarm(): void;
}

export function createPlaybackOutput(element: AudioLike): PlaybackOutput {
  const target = new EventTarget();
  let voice: DecodedVoice | null = null;
  let pending: { next: DecodedVoice; timer: ReturnType<typeof setTimeout>; onSwitch: () => void } | null = null;
  let volume = element.volume;
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

  /** Stops listening to the decoded song; `playOut` lets it finish its last moments first (a hand-over). */
  const dropVoice = (playOut = false) => {
    if (!voice) return;
    const old = voice;
    voice = null;
    for (const type of EVENTS) old.removeEventListener(type, fromVoice);
    // The switch timer may run a few ms before the audio clock reaches the old song's end.
    if (playOut) setTimeout(() => old.dispose(), PLAY_OUT_MS);
    else old.dispose();
  };
  const fromVoice = forward(() => voice ?? element);

  const disarm = () => {
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.next.dispose();
    pending = null;
  };

  const switchNow = () => {
    if (!pending) return;
    const { next, timer, onSwitch } = pending;
    clearTimeout(timer);
    pending = null;
    const fromTheElement = !voice;
    dropVoice(true);
    voice = next;
    for (const type of EVENTS) next.addEventListener(type, fromVoice);
    // The element's end was read from its clock; one that stalled is still short of it (its pause is not passed on).
    if (fromTheElement && !element.paused && !element.ended && element.duration - element.currentTime > 0.05) element.pause();
    onSwitch();
    for (const type of ['durationchange', 'playing', 'timeupdate']) target.dispatchEvent(new Event(type));
  };

  /** Back to the element (any load). */
  const toElement = () => {
    disarm();
    dropVoice();
  };

  return {
    get voice() {
      return voice;
    },
    get armed() {
      return pending != null;
    },
    handOver(next, whenS, clock, onSwitch) {
      disarm();
      next.volume = volume;
      next.startAt(whenS);
      const timer = setTimeout(() => switchNow(), Math.max(0, (whenS - clock()) * 1000));
      pending = { next, timer, onSwitch };
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
      active().currentTime = t;
    },
    get volume() {
      return volume;
    },
    set volume(v: number) {
      volume = v;
      element.volume = v;
      if (voice) voice.volume = v;
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
