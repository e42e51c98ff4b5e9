/** How fast a fade cut short reaches its new level (time constant): quick, without a click. */
const SETTLE_S = 0.02;

/**
 * A source's crossfade gain (crossfade.ts in player-core), moved on the audio
 * clock. It sits beside the source's volume and loudness gains, which it
 * multiplies, so a fade never disturbs either.
 */
export interface Fader {
  /** Follows `curve` from `startS` for `durationS` on the audio clock, in place of any fade before. */
  fade(curve: Float32Array, startS: number, durationS: number): void;
  /** Back to full: a fade called off or cut short, or the source used for another song. */
  settle(): void;
  /** Down to silence now (a fading-out song cut short). */
  silence(): void;
}

export function paramFader(param: AudioParam, context: BaseAudioContext): Fader {
  const moveTo = (value: number) => {
    const now = context.currentTime;
    const from = param.value;
    param.cancelScheduledValues(0);
    param.setValueAtTime(from, now);
    param.setTargetAtTime(value, now, SETTLE_S);
  };
  return {
    fade(curve, startS, durationS) {
      if (!(durationS > 0)) return;
      param.cancelScheduledValues(0);
      param.setValueCurveAtTime(curve, Math.max(startS, context.currentTime), durationS);
    },
    settle: () => moveTo(1),
    silence: () => moveTo(0),
  };
}
