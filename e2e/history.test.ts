/**
 * History and resume across devices, in Debian Chromium against the built
 * server with a real OpenID Connect provider on loopback: a play counts once
 * half the song (or 4 minutes) has been heard and shows in Library's History
 * and Home's Most played on another device already open (over realtime, no
 * reload); a song paused at 1:00 on one device is offered under 'Continue
 * listening' on another, which resumes there.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOidcIssuer, type OidcIssuer } from '../apps/server/src/backend/test/oidc-issuer.js';
import { audioState, launchChromium, musicSubset, startServer, waitForAudioProgress, type ServerHandle } from './harness.js';
import { listAsPage, openPlayerOn, signedInPage } from './signed-in-helpers.js';

let issuer: OidcIssuer;
let server: ServerHandle;
let browser: Browser;
const contexts: BrowserContext[] = [];
const ADA = { sub: 'ada-sub', email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' };

beforeAll(async () => {
  const music = musicSubset(3);
  // A 6-second song: its play counts after 3 s of listening.
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6', '-c:a', 'libvorbis',
    '-metadata', 'title=Short Chime', '-metadata', 'artist=Test Tones', '-metadata', 'album=Tones', join(music, 'short-chime.ogg')]);
  issuer = await startOidcIssuer({ login: ADA });
  [server, browser] = await Promise.all([startServer({ musicDir: music, env: issuer.env('google') }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await issuer?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function device(): Promise<Page> {
  const { context, page } = await signedInPage(browser, server.url);
  contexts.push(context);
  return page;
}

async function songIdByTitle(title: string): Promise<string> {
  const res = (await (await fetch(`${server.url}/api/search/songs?query=${encodeURIComponent(title)}`)).json()) as {
    data: { results: { id: string; name: string }[] };
  };
  const hit = res.data.results.find((s) => s.name === title);
  if (!hit) throw new Error(`no song ${title}`);
  return hit.id;
}

describe('history and resume', () => {
  it('a play counts after half the song, once, and shows in History and Most played on another open device without a reload', async () => {
    // The laptop is already open on Library when the phone plays.
    const laptop = await device();
    await laptop.goto(`${server.url}/library`);
    await laptop.getByRole('heading', { name: 'Your Library' }).waitFor();
    const marker = await laptop.evaluate(() => ((window as unknown as { loadedOnce: number }).loadedOnce = Math.random()));

    const phone = await device();
    const id = await songIdByTitle('Short Chime');
    await phone.goto(`${server.url}/player/${id}?share=1`);
    await phone.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForAudioProgress(phone, 3.5, 0, 30_000);
    await expect.poll(async () => (await listAsPage(phone, 'History')).documents.map((d) => d.songId), { timeout: 10_000 }).toEqual([id]);

    const history = laptop.getByRole('region', { name: 'History' });
    await history.getByRole('heading', { name: 'Today' }).waitFor({ timeout: 15_000 });
    expect(await history.locator('[data-song-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-song-id')))).toEqual([id]);
    await laptop.getByRole('link', { name: 'Home' }).first().click();
    const mostPlayed = laptop.getByRole('region', { name: 'Most played' });
    await mostPlayed.locator(`[data-song-id="${id}"]`).waitFor({ timeout: 15_000 });
    // Still the same page: the play arrived over realtime.
    expect(await laptop.evaluate(() => (window as unknown as { loadedOnce?: number }).loadedOnce)).toBe(marker);
    // Heard to the end: still one play.
    expect((await listAsPage(phone, 'History')).documents).toHaveLength(1);
  });

  it('paused at 1:00 on one device, another offers to continue and resumes within 2 s of it', async () => {
    const phone = await device();
    const { id } = await openPlayerOn(phone, server.url, await songIdByTitle('A New Journey'));
    const song = (await (await fetch(`${server.url}/api/songs/${id}`)).json()) as { data: { duration: number }[] };
    const durationS = song.data[0]!.duration;
    expect(durationS).toBeGreaterThan(70);
    const slider = phone.getByRole('slider', { name: 'Seek' }).locator('xpath=../..');
    const box = (await slider.boundingBox())!;
    await phone.mouse.click(box.x + box.width * (60 / durationS), box.y + box.height / 2);
    await waitForAudioProgress(phone, 0.2, 58, 15_000);
    await phone.getByRole('button', { name: 'Pause', exact: true }).click();
    const pausedAt = (await audioState(phone))!.currentTime;
    expect(Math.abs(pausedAt - 60)).toBeLessThan(3);

    const laptop = await device();
    const resume = laptop.getByRole('button', { name: /^Continue .* from \d+:\d\d$/ });
    await expect.poll(async () => {
      await laptop.goto(server.url);
      return resume.waitFor({ timeout: 10_000 }).then(() => true, () => false);
    }, { timeout: 45_000 }).toBe(true);
    await resume.click();
    await laptop.waitForFunction(() => {
      const a = document.querySelector('audio');
      return !!a && !a.paused && a.currentTime > 1;
    }, null, { timeout: 15_000 });
    const resumedAt = (await audioState(laptop))!.currentTime;
    expect(Math.abs(resumedAt - pausedAt)).toBeLessThan(2);
    expect((await audioState(laptop))!.src).toContain(`/media/${id}/`);
  });
});
