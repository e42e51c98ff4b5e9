/** m:ss for the seek slider; 0:00 when the time is unknown (SPEC#player-full-screen-blurred). */
export function formatTime(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Position as a percent of the duration (0 when unknown), for the 1 % step slider. */
export function toPercent(positionS: number, durationS: number): number {
  if (!Number.isFinite(durationS) || durationS <= 0 || !Number.isFinite(positionS)) return 0;
  return Math.min(100, Math.max(0, (positionS / durationS) * 100));
}

export function fromPercent(percent: number, durationS: number): number {
  if (!Number.isFinite(durationS) || durationS <= 0) return 0;
  return (Math.min(100, Math.max(0, percent)) / 100) * durationS;
}
