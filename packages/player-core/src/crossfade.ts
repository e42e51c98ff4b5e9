import { sameAlbum } from './loudness.js';
import type { QueueItem } from './queue.js';

/**
 * Crossfade (Profile → Crossfade): when a song plays to its end, the next
 * one starts this many seconds early, the first fading out as the second
 * fades in. Built on gapless playback (gapless.ts): the next song is decoded
 * ahead and started on the audio clock, here before the current one ends.
 */
export const CROSSFADE = {
  /** The choices offered, in seconds; 0 is off (songs follow on gaplessly). */
  CHOICES_S: [0, 2, 4, 6, 8, 10, 12],
  DEFAULT_S: 0,
  /** Never more than this share of either song overlaps the other. */
  MAX_SHARE: 0.5,
  /** Points of each gain curve (the audio clock interpolates between them). */
  CURVE_POINTS: 128,
} as const;

export type CrossfadeS = (typeof CROSSFADE.CHOICES_S)[number];

export const isCrossfadeS = (v: unknown): v is CrossfadeS => (CROSSFADE.CHOICES_S as readonly unknown[]).includes(v);

/** What the rules need of a song: its id and its album. */
interface FadeSong extends QueueItem {
  readonly album?: { readonly id?: string | null } | null;
}

/**
 * How long the song that ends and the one that follows overlap, in seconds
 * (0: they follow on gaplessly). Only a song playing to its end fades into
 * the next; a skip, a tap on a song or a song chosen from a list starts it at
 * once (those never reach this rule). No fade when:
 * - the setting is off;
 * - the same song follows itself (a one-song queue repeating it);
 * - the two are consecutive songs of one album (an album played in order
 *   stays gapless, as mastered: a live record, a continuous mix);
 * - a length is unknown.
 * Otherwise the setting, cut to half of the shorter song.
 */
export function crossfadeLengthS(p: {
  settingS: number;
  current: FadeSong | undefined;
  following: FadeSong | undefined;
  currentDurationS: number;
  followingDurationS: number;
}): number {
  const { current, following } = p;
  if (!(p.settingS > 0) || !current || !following) return 0;
  if (current.id === following.id || sameAlbum(current, following)) return 0;
  const shortest = Math.min(p.currentDurationS, p.followingDurationS);
  if (!Number.isFinite(shortest) || shortest <= 0) return 0;
  return Math.min(p.settingS, shortest * CROSSFADE.MAX_SHARE);
}

/**
 * Where the next song starts on the audio clock and how long the fade lasts:
 * `lengthS` before the current song ends, or now when that moment has passed
 * (a seek into the last seconds), fading until the current song ends. Without
 * an overlap it starts where the current one ends (gapless).
 */
export function crossfadeWindow(p: { endS: number; lengthS: number; clockS: number }): { startS: number; durationS: number } {
  const startS = Math.max(p.endS - Math.max(0, p.lengthS), p.clockS);
  return { startS, durationS: Math.max(0, p.endS - startS) };
}

/**
 * The two gain curves over the fade, from its start to its end: the song
 * that ends from 1 to 0, the one that follows from 0 to 1. Equal-power
 * (cos and sin of a quarter turn), so the loudness holds through the
 * middle; wherever the two songs' peaks (after their loudness normalisation,
 * 0-1) could then add up past full scale, both are lowered together just
 * enough that they cannot. Songs with unknown peaks count as full scale, and
 * meet at half each in the middle.
 */
export function crossfadeCurves(p: { outPeak: number; inPeak: number; points?: number }): { out: Float32Array; in: Float32Array } {
  const n = Math.max(2, p.points ?? CROSSFADE.CURVE_POINTS);
  const outPeak = Math.min(1, Math.max(0, p.outPeak));
  const inPeak = Math.min(1, Math.max(0, p.inPeak));
  const out = new Float32Array(n);
  const incoming = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const turn = (Math.PI / 2) * (i / (n - 1));
    const o = i === n - 1 ? 0 : Math.cos(turn);
    const g = i === n - 1 ? 1 : Math.sin(turn);
    const sum = outPeak * o + inPeak * g;
    const scale = sum > 1 ? 1 / sum : 1;
    out[i] = o * scale;
    incoming[i] = g * scale;
  }
  return { out, in: incoming };
}
