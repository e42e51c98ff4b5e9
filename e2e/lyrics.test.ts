/**
 * Lyrics on the player, in Debian Chromium against the built server: a song
 * with a sidecar .lrc offers 'Lyrics'; the timed lines follow the song (the
 * line being sung is marked current) and a tap on the third line plays from
 * its time.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { audioState, launchChromium, musicSubset, openPage, startServer, waitForAudioProgress, type ServerHandle } from './harness.js';

let server: ServerHandle;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  const music = musicSubset(1);
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=60', '-c:a', 'libvorbis',
    '-metadata', 'title=Lyric Tone', '-metadata', 'artist=Test Tones', join(music, 'lyric-tone.ogg')]);
  writeFileSync(join(music, 'lyric-tone.lrc'), '[00:01.00]First line\n[00:08.00]Second line\n[00:20.00]Third line\n[00:40.00]Fourth line\n');
  [server, browser] = await Promise.all([startServer({ musicDir: music }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('lyrics', () => {
  it('shows timed lines that follow the song; a tap on the third line plays from 0:20', async () => {
    type Found = { id: string; name: string; hasLyrics: boolean };
    const find = async () =>
      ((await (await fetch(`${server.url}/api/search/songs?query=lyric%20tone`)).json()) as { data: { results: Found[] } }).data.results.find(
        (s) => s.name === 'Lyric Tone',
      );
    await expect.poll(async () => (await find())?.hasLyrics, { timeout: 60_000 }).toBe(true);
    const id = (await find())!.id;
    const opened = await openPage(browser, `${server.url}/player/${id}?share=1`);
    context = opened.context;
    const page = opened.page;
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForAudioProgress(page, 1.2, 0);
    await page.getByRole('button', { name: 'Lyrics' }).click();
    const lyrics = page.getByRole('region', { name: 'Lyrics' });
    const lines = lyrics.getByRole('button');
    await expect.poll(() => lines.allTextContents()).toEqual(['First line', 'Second line', 'Third line', 'Fourth line']);
    await expect.poll(() => lyrics.locator('[aria-current="true"]').textContent()).toBe('First line');
    await lines.nth(2).click();
    await page.waitForFunction(() => {
      const a = document.querySelector('audio');
      return !!a && !a.paused && a.currentTime >= 20 && a.currentTime < 25;
    }, null, { timeout: 15_000 });
    expect((await audioState(page))!.currentTime).toBeGreaterThanOrEqual(20);
    await expect.poll(() => lyrics.locator('[aria-current="true"]').textContent()).toBe('Third line');
  });
});
