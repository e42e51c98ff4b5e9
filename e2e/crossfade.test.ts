/**
 * Crossfade in Debian Chromium against the built server: a low tone and a
 * high one, each the only song of its album, queued one after the other. With
 * Crossfade at 4 s (chosen in Profile), the high one starts 4 s before the low
 * one ends and both sound together in between; a skip (Next) starts the next
 * song at once, without a fade. What the app sends to the speakers is recorded
 * (bench/lib/output-tap.mjs) and each tone's level is followed through it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TAP_SCRIPT, readTap, recordedSeconds } from '../bench/lib/output-tap.mjs';
import { musicSubset, useServerAndBrowser, waitForAudioProgress } from './harness.js';

/** Both tones make whole periods in a 50 ms window, so neither leaks into the other's level. */
const LOW_HZ = 440;
const HIGH_HZ = 660;
const WINDOW_S = 0.05;
const SONG_S = 12;

const rig = useServerAndBrowser(() => {
  const music = musicSubset(0);
  const song = (title: string, hz: number, album: string) => {
    const dir = join(music, album);
    mkdirSync(dir);
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${SONG_S}:sample_rate=44100`, '-ac', '2',
      '-c:a', 'flac', '-metadata', `title=${title}`, '-metadata', 'artist=Test Tones', '-metadata', `album=${album}`,
      '-metadata', 'track=1', join(dir, '01.flac')]);
  };
  song('Crossfade Low', LOW_HZ, 'Crossfade One');
  song('Crossfade High', HIGH_HZ, 'Crossfade Two');
  return { musicDir: music };
});

/** A page that records its audio output, with loudness normalisation off (both tones at their own level). */
async function recordingPage(init?: () => void): Promise<Page> {
  rig.context = await rig.browser.newContext({ viewport: { width: 412, height: 860 }, bypassCSP: true });
  await rig.context.addInitScript(() => localStorage.setItem('loudnessMode', 'off'));
  if (init) await rig.context.addInitScript(init);
  await rig.context.addInitScript(TAP_SCRIPT);
  return rig.context.newPage();
}

/** From Search: the low tone (the queue is empty, so it plays), then the high one queued after it. */
async function queueLowThenHigh(page: Page) {
  await page.goto(`${rig.server.url}/search`);
  const box = page.getByRole('searchbox', { name: 'Search songs, artists, or albums' });
  await box.pressSequentially('crossfade', { delay: 30 });
  await page.getByRole('button', { name: 'Add Crossfade Low to queue' }).click();
  await page.getByRole('button', { name: 'Add Crossfade High to queue' }).click();
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(sessionStorage.getItem('player') ?? '{}') as { state?: { queue: { name: string }[] } }).state?.queue.map((s) => s.name)))
    .toEqual(['Crossfade Low', 'Crossfade High']);
}

/** Each tone's level in consecutive 50 ms windows of the recording. */
function toneLevels(x: Float32Array, sampleRate: number, hz: number): number[] {
  const n = Math.round(WINDOW_S * sampleRate);
  const w = (2 * Math.PI * hz) / sampleRate;
  const levels: number[] = [];
  for (let at = 0; at + n <= x.length; at += n) {
    let s = 0;
    let c = 0;
    for (let k = 0; k < n; k++) {
      s += x[at + k]! * Math.sin(w * k);
      c += x[at + k]! * Math.cos(w * k);
    }
    levels.push((2 * Math.hypot(s, c)) / n);
  }
  return levels;
}

/** Where a tone is heard (above `share` of its loudest), in windows. */
function heard(levels: number[], share = 0.02) {
  const loudest = Math.max(...levels);
  const on = levels.map((l) => l > share * loudest);
  return { loudest, on, first: on.indexOf(true), last: on.lastIndexOf(true) };
}

const mini = (page: Page) => page.getByRole('region', { name: 'Now playing' });

describe('crossfade', () => {
  it('with Crossfade at 4 s the next song starts 4 s before the first ends, both heard together', async () => {
    const page = await recordingPage();
    await page.goto(`${rig.server.url}/profile`);
    await page.getByRole('combobox', { name: 'Crossfade' }).click();
    await page.getByRole('option', { name: /^4 s/ }).click();
    expect(await page.evaluate(() => localStorage.getItem('crossfadeSeconds'))).toBe('4');

    await queueLowThenHigh(page);
    await expect.poll(() => mini(page).getByTestId('mini-title').textContent(), { timeout: 60_000 }).toBe('Crossfade High');
    // The queue moves on as the fade starts; the low tone has 4 s left to fade out, then a second more
    // is recorded (counted in what the page played, which a busy machine may slow down).
    const atFade = await recordedSeconds(page);
    await expect.poll(() => recordedSeconds(page), { timeout: 60_000 }).toBeGreaterThan(atFade + 5);
    const { samples, sampleRate } = await readTap(page);
    await mini(page).getByRole('button', { name: 'Pause' }).click();

    const lowLevels = toneLevels(samples, sampleRate, LOW_HZ);
    const highLevels = toneLevels(samples, sampleRate, HIGH_HZ);
    const low = heard(lowLevels);
    const high = heard(highLevels);
    expect(low.first).toBeGreaterThanOrEqual(0);
    expect(high.first).toBeGreaterThan(low.first);
    // The high tone starts about 4 s before the low one ends (the fades' first and last moments are under 2 %).
    const overlapS = (low.last - high.first + 1) * WINDOW_S;
    expect(overlapS).toBeGreaterThan(3.5);
    expect(overlapS).toBeLessThan(4.5);
    // Halfway through, both sound at once, each well above silence.
    const middle = Math.round((high.first + low.last) / 2);
    expect(lowLevels[middle]! / low.loudest).toBeGreaterThan(0.3);
    expect(highLevels[middle]! / high.loudest).toBeGreaterThan(0.3);
  });

  it('a skip to the next song does not crossfade: the first stops as the next starts', async () => {
    const page = await recordingPage(() => localStorage.setItem('crossfadeSeconds', '4'));
    await queueLowThenHigh(page);
    await waitForAudioProgress(page, 2);
    await mini(page).getByRole('button', { name: 'Next song' }).click();
    await expect.poll(() => mini(page).getByTestId('mini-title').textContent()).toBe('Crossfade High');
    await waitForAudioProgress(page, 2, 0);
    const { samples, sampleRate } = await readTap(page);
    await mini(page).getByRole('button', { name: 'Pause' }).click();

    // A tenth of full level: the cut of the low tone spreads a little into the high one's measure.
    const low = heard(toneLevels(samples, sampleRate, LOW_HZ), 0.1);
    const high = heard(toneLevels(samples, sampleRate, HIGH_HZ), 0.1);
    expect(low.first).toBeGreaterThanOrEqual(0);
    expect(high.first).toBeGreaterThanOrEqual(0);
    // The low tone is over before the high one starts: no moment has both.
    expect(low.on.filter((on, i) => on && high.on[i]).length).toBe(0);
    expect(high.first).toBeGreaterThan(low.last);
  });
});
