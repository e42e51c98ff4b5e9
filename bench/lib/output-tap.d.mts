import type { Page } from 'playwright-core';

export const TAP_SCRIPT: string;
export function recordedSeconds(page: Page): Promise<number>;
export function readTap(page: Page): Promise<{ samples: Float32Array; sampleRate: number }>;
export function measureToneBreak(
  x: Float32Array,
  sampleRate: number,
  hz: number,
): { level: number; recordedS: number; breakAtS: number | null; silenceMs: number; phaseOffsetMs: number; gapMs: number };
