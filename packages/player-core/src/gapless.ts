import { DEFAULT_REPEAT, followingOnEnd, type RepeatMode } from './play-order.js';
import type { QueueItem, QueueState } from './queue.js';

/**
 * Gapless playback: the song that follows is fetched and decoded
 * before the current one ends, then started on the audio clock at the exact
 * sample where the current one stops.
 */
export const GAPLESS = {
  /** The next song is fetched and decoded once the current one has this long left. */
  PREFETCH_LEAD_S: 30,
  /** Its start is put on the audio clock once the current one has this long left. */
  SCHEDULE_LEAD_S: 1.5,
  /**
   * Longer songs are not decoded ahead (a decoded song takes about 23 MB a
   * minute at 48 kHz stereo); they follow on the audio element as before.
   */
  MAX_DECODED_S: 600,
  /** Readings of an element's end that must agree before the next song is put on the clock. */
  END_READINGS: 3,
  /** Readings further apart than this are of different plays (a seek came between). */
  END_AGREE_S: 0.02,
  /**
   * With a crossfade a fraction of a second is not heard: readings this close to the newest
   * count as one play, and the first one is enough (a busy device's readings seldom agree to
   * END_AGREE_S, and waiting for them started fades late).
   */
  FADE_AGREE_S: 0.25,
  /** Closer to the end than this, the latest reading is used alone. */
  END_LAST_CHANCE_S: 0.3,
  /** The catalogue's lengths are whole seconds: an element's length this close to it is the whole song's. */
  CATALOGUE_LENGTH_SLACK_S: 0.5,
} as const;

/**
 * The song that plays after the current one when it ends (the queue's next
 * rule, which wraps under the default repeat 'all'; play-order.ts), or
 * undefined when there is none (repeat 'off' at the end) or it is the same
 * song again (repeat 'one', a one-song queue): that one restarts itself.
 */
export function followingItem<T extends QueueItem>(s: QueueState<T>, repeat: RepeatMode = DEFAULT_REPEAT): T | undefined {
  return followingOnEnd(s, repeat);
}

/** Seconds left in the current song; 0 when the length is not known yet. */
export function remainingS(positionS: number, durationS: number): number {
  if (!Number.isFinite(durationS) || durationS <= 0) return 0;
  return Math.max(0, durationS - positionS);
}

/**
 * The length of the song the audio element plays. While a first transcode
 * streams, the element knows only the part it has read, a few seconds ahead
 * of the position: the catalogue's length (whole seconds) stands in, not
 * `exact`, until the element's reaches it. Without a catalogue length the
 * element's is taken as it is.
 */
export function elementLengthS(elementS: number, catalogueS: number | null | undefined): { lengthS: number; exact: boolean } {
  if (!catalogueS || catalogueS <= 0) return { lengthS: elementS, exact: true };
  if (Number.isFinite(elementS) && elementS >= catalogueS - GAPLESS.CATALOGUE_LENGTH_SLACK_S) return { lengthS: elementS, exact: true };
  return { lengthS: catalogueS, exact: false };
}

/** What to do for the following song, now. */
export type GaplessStep = 'wait' | 'prefetch' | 'schedule';

/**
 * Prefetch once the current song is within PREFETCH_LEAD_S of its end (or is
 * shorter than that), schedule once within SCHEDULE_LEAD_S and its audio is
 * decoded. Nothing while paused or before the length is known. With a
 * crossfade the next song starts `overlapS` before the end (crossfade.ts),
 * and both leads count from there. A song that follows on without one
 * starts on the exact sample the current one ends: not while that end is
 * only the catalogue's (`lengthExact` false, elementLengthS); a fade is
 * not hurt by a fraction of a second.
 */
export function gaplessStep(p: {
  playing: boolean;
  positionS: number;
  durationS: number;
  decoded: boolean;
  overlapS?: number;
  lengthExact?: boolean;
}): GaplessStep {
  if (!p.playing || !(p.durationS > 0)) return 'wait';
  const overlapS = Math.max(0, p.overlapS ?? 0);
  const left = remainingS(p.positionS, p.durationS) - overlapS;
  if (!p.decoded) return left <= GAPLESS.PREFETCH_LEAD_S ? 'prefetch' : 'wait';
  if (left > GAPLESS.SCHEDULE_LEAD_S) return 'wait';
  return p.lengthExact === false && overlapS === 0 ? 'wait' : 'schedule';
}

/** Songs too long to hold decoded are left to the audio element. */
export const decodable = (durationS: number | null | undefined): boolean =>
  durationS == null || durationS <= GAPLESS.MAX_DECODED_S;

/**
 * The audio-clock time at which the following song starts: where the current
 * one ends. A decoded song knows its end exactly; an element's end is read
 * from its position and length against the audio clock at the same moment.
 */
export function handoverAtS(p: { clockS: number; positionS: number; durationS: number }): number {
  return p.clockS + remainingS(p.positionS, p.durationS);
}

/**
 * Where an element ends on the audio clock, from readings taken on separate
 * checks (its position is read against the clock and either may lag by one
 * audio block): the median of the latest readings that agree with the newest,
 * once there are END_READINGS of them; or the newest alone once the end is
 * closer than END_LAST_CHANCE_S. Null: read again. Before a crossfade
 * (`fade`) the readings within FADE_AGREE_S of the newest are enough at once.
 */
export function agreedEndS(readings: readonly number[], remaining: number, fade = false): number | null {
  const newest = readings.at(-1);
  if (newest === undefined) return null;
  const agree: number[] = [];
  const within = fade ? GAPLESS.FADE_AGREE_S : GAPLESS.END_AGREE_S;
  for (let i = readings.length - 1; i >= 0 && Math.abs(readings[i]! - newest) <= within; i--) agree.push(readings[i]!);
  if (!fade && agree.length < GAPLESS.END_READINGS) return remaining < GAPLESS.END_LAST_CHANCE_S ? newest : null;
  const latest = agree.slice(0, GAPLESS.END_READINGS).sort((a, b) => a - b);
  return latest[latest.length >> 1]!;
}

/**
 * Position in a decoded song playing since `startedAtS` on the audio clock from
 * `offsetS` into it, at `rate` (1 unless a listening room nudges it), clamped to its length.
 */
export function decodedPositionS(p: { clockS: number; startedAtS: number; offsetS: number; durationS: number; rate?: number }): number {
  return Math.min(p.durationS, Math.max(0, p.offsetS + Math.max(0, p.clockS - p.startedAtS) * (p.rate ?? 1)));
}

/**
 * A decoded song's rate stays within this of normal: unlike the audio
 * element's, its pitch moves with it, and 0.5 % (under 9 cents) is not heard.
 * A listening room's drift is small enough for it.
 */
export const DECODED_MAX_NUDGE = 0.005;

/** The rate a decoded song plays at when `rate` is asked of it. */
export const decodedRate = (rate: number): number =>
  Number.isFinite(rate) ? Math.min(1 + DECODED_MAX_NUDGE, Math.max(1 - DECODED_MAX_NUDGE, rate)) : 1;
