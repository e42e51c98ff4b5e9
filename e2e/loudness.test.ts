/**
 * Volume normalisation in Debian Chromium against the built server: the
 * server reads a song's ReplayGain tags (or measures it in the background),
 * the player routes the audio element through a Web Audio gain node and sets
 * it for the chosen mode (Profile → Volume normalisation), never past the
 * song's peak.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, musicSubset, openPage, startServer, waitForAudioProgress, type ServerHandle } from './harness.js';

let server: ServerHandle;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  const music = musicSubset(1);
  mkdirSync(join(music, 'mastered'));
  const tone = (name: string, tags: string[]) =>
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=20', '-c:a', 'libvorbis',
      '-metadata', `title=${name}`, '-metadata', 'artist=Test Tones', '-metadata', 'album=Mastered', ...tags, join(music, 'mastered', `${name}.ogg`)]);
  tone('Tagged Tone', ['-metadata', 'REPLAYGAIN_TRACK_GAIN=-6.50 dB', '-metadata', 'REPLAYGAIN_TRACK_PEAK=0.9',
    '-metadata', 'REPLAYGAIN_ALBUM_GAIN=-7.25 dB', '-metadata', 'REPLAYGAIN_ALBUM_PEAK=0.95']);
  [server, browser] = await Promise.all([startServer({ musicDir: music, env: { LOUDNESS_SCAN: 'on' } }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

type Found = { id: string; name: string; replayGain: { trackGain: number } | null };
async function findSong(title: string): Promise<Found> {
  const res = (await (await fetch(`${server.url}/api/search/songs?query=${encodeURIComponent(title)}`)).json()) as { data: { results: Found[] } };
  return res.data.results.find((s) => s.name === title)!;
}

const gainShown = (page: Page) => page.locator('audio').getAttribute('data-normalisation-gain');

async function chooseMode(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Volume normalisation' }).click();
  await page.getByRole('option', { name: new RegExp(`^${label}`) }).click();
}

describe('volume normalisation', () => {
  it('the songs report their gain; the player applies it through Web Audio for each mode', async () => {
    await expect.poll(async () => (await findSong('Tagged Tone'))?.replayGain, { timeout: 60_000 }).toEqual({
      trackGain: -6.5,
      trackPeak: 0.9,
      albumGain: -7.25,
      albumPeak: 0.95,
    });
    const id = (await findSong('Tagged Tone')).id;
    const opened = await openPage(browser, `${server.url}/player/${id}?share=1`);
    context = opened.context;
    const page = opened.page;
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForAudioProgress(page, 0.5);
    // Automatic, one song alone: its track gain, -6.5 dB.
    await expect.poll(() => gainShown(page)).toBe('0.4732');
    await page.goto(`${server.url}/profile`);
    await chooseMode(page, 'Albums');
    expect(await page.evaluate(() => localStorage.getItem('loudnessMode'))).toBe('album');
    await page.goto(`${server.url}/player/${id}?share=1`);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForAudioProgress(page, 0.5);
    await expect.poll(() => gainShown(page)).toBe('0.434');
  });

  it('off plays the song as mastered (unity gain)', async () => {
    const id = (await findSong('Tagged Tone')).id;
    const opened = await openPage(browser, `${server.url}/profile`);
    context = opened.context;
    const page = opened.page;
    await chooseMode(page, 'Off');
    await page.goto(`${server.url}/player/${id}?share=1`);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForAudioProgress(page, 0.5);
    await expect.poll(() => gainShown(page)).toBe('1');
  });
});
