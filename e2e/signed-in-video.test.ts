/**
 * Video mode end to end (SPEC#player-full-screen-blurred, SPEC#states-video-mode, SPEC#errors-video), in Debian Chromium against the built
 * server with its video worker on: a signed-in listener requests a preview,
 * the server renders it and says so over realtime, and 'Switch to video'
 * plays the muted looping preview in step with the audio, which now comes
 * from the preview's audio_url at the same position.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcIssuer, type OidcIssuer } from '../apps/server/src/backend/test/oidc-issuer.js';
import { DEMO_MUSIC, launchChromium, openPage, startServer, waitForAudioProgress, type ServerHandle } from './harness.js';
import { openPlayerOn, seeText, signInWithOAuth } from './signed-in-helpers.js';

let issuer: OidcIssuer;
let server: ServerHandle;
let browser: Browser;
let context: BrowserContext | undefined;
let musicDir: string;

/** Two 20-second excerpts of demo songs (tags kept), so a render takes seconds. */
function shortMusic(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lyra-e2e-short-'));
  const oggs = (d: string) => readdirSync(join(DEMO_MUSIC, d)).filter((f) => f.endsWith('.ogg')).sort();
  // The first folder that holds songs (the demo library also has a Playlists folder).
  const album = readdirSync(DEMO_MUSIC, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort().find((d) => oggs(d).length > 0)!;
  const files = oggs(album).slice(0, 2);
  mkdirSync(join(dir, album));
  for (const f of files) {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', join(DEMO_MUSIC, album, f), '-t', '20', '-c', 'copy', join(dir, album, f)]);
  }
  return dir;
}

beforeAll(async () => {
  musicDir = shortMusic();
  issuer = await startOidcIssuer({ login: { sub: 'vid-sub', email: 'vid@example.com', email_verified: true, name: 'Vida' } });
  [server, browser] = await Promise.all([startServer({ musicDir, env: { ...issuer.env('google'), VIDEO_WORKER: 'on' } }), launchChromium()]);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await issuer?.close();
  rmSync(musicDir, { recursive: true, force: true });
});

/** Audio and video positions as the page sees them (the video loops, so modulo its length). */
const positions = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector('audio')!;
    const v = document.querySelector<HTMLVideoElement>('[data-testid="video-preview"]');
    return {
      audio: a.currentTime,
      audioSrc: a.currentSrc,
      video: v?.currentTime ?? null,
      videoDuration: v?.duration ?? null,
      videoPaused: v?.paused ?? null,
      muted: v?.muted ?? null,
      loop: v?.loop ?? null,
    };
  });

describe('video mode end to end', () => {
  it('requests a preview, hears it is ready, and plays it in step with the audio', async () => {
    const opened = await openPage(browser, 'about:blank');
    context = opened.context;
    const page = opened.page;
    await signInWithOAuth(page, server.url);
    const { id } = await openPlayerOn(page, server.url, 0);
    expect(await page.getByRole('button', { name: 'Switch to video' }).count()).toBe(0);
    // Paused while the preview renders (which a busy machine can make longer than the song), so that video
    // comes on during the song's first play from the audio element: played on, the song could end and the
    // queue go on from copies decoded ahead (gapless), which the element does not play.
    await page.getByRole('button', { name: 'Pause', exact: true }).first().click();

    await page.getByRole('button', { name: 'Request video preview' }).click();
    await seeText(page, 'Song added to video queue! Video will be available in 5 days');
    await seeText(page, '2 video request(s) remaining today');
    await seeText(page, 'Video preview is available! Use the video overlay on the album art to switch to video mode.', 120_000);
    await page.getByRole('button', { name: 'Play', exact: true }).first().click();
    await waitForAudioProgress(page, 0.3);

    const atSwitch = (await positions(page)).audio;
    await page.getByRole('button', { name: 'Switch to video' }).click();
    await page.getByTestId('video-preview').waitFor();
    // The sound comes from the preview's audio address (the song's own stream, which may be the
    // address already playing: then nothing is reloaded), and keeps playing.
    await expect.poll(async () => (await positions(page)).audioSrc, { timeout: 30_000 }).toContain(`/media/${id}/`);
    await page.waitForFunction(() => {
      const a = document.querySelector('audio');
      return !!a && !a.paused && a.readyState >= 3;
    }, undefined, { timeout: 30_000 });
    // In place: the song goes on from where it was, never from 0:00.
    expect((await positions(page)).audio).toBeGreaterThanOrEqual(atSwitch - 1);

    // The video advances, muted and looping, within 0.5 s of the audio. How far it moved is counted
    // round its loop: switched on near the preview's end, it starts again from 0 while it plays.
    const first = await positions(page);
    const moved = (p: Awaited<ReturnType<typeof positions>>) => {
      const delta = (p.video ?? 0) - (first.video ?? 0);
      const length = p.videoDuration ?? Number.NaN;
      return Number.isFinite(length) && length > 0 ? (((delta % length) + length) % length) : delta;
    };
    await expect.poll(async () => moved(await positions(page)), { timeout: 30_000 }).toBeGreaterThan(0.5);
    expect(await positions(page)).toMatchObject({ muted: true, loop: true, videoPaused: false });
    // Both clocks read in one evaluate, at the same instant; they are resynced when more than 0.5 s apart.
    await expect
      .poll(async () => {
        const p = await positions(page);
        return Math.abs((p.video ?? 0) - (p.audio % (p.videoDuration ?? Number.POSITIVE_INFINITY)));
      }, { timeout: 10_000 })
      .toBeLessThan(0.5);

    const atImage = (await positions(page)).audio;
    await page.getByRole('button', { name: 'Switch to image' }).click();
    await page.getByTestId('video-preview').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Switch to video' }).waitFor();
    // Back to the image, the song keeps playing where it was (SPEC#states-video-mode: the source is not swapped back).
    await waitForAudioProgress(page, 0.5, atImage - 0.5, 15_000);
    // A render shares the machine with whatever else runs: longer than the tier's usual limit.
  }, 240_000);
});
