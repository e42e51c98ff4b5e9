/**
 * A web Subsonic client's player, as airsonic-refix and its kind play: an `<audio>` element on
 * another origin with `/rest/stream?id=...` and no format, on a song never played before (nothing of it
 * is cached), over a slow network. It seeks twice to places that have not arrived, forwards then back,
 * and plays on from each: the answer has a length and takes Range, so Chromium asks for the bytes there.
 * (The airsonic-refix e2e does the same through that client, when its source can be fetched.)
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './harness.js';
import { subsonicAccount } from './subsonic-account.js';

const rig = useServerAndBrowser();

/** The client's own page, on another loopback origin than the server's (as a web client is). */
const clientPage = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>client</title><body></body>'));
beforeAll(async () => {
  clientPage.listen(0, '127.0.0.1');
  await once(clientPage, 'listening');
});
afterAll(() => new Promise<void>((r) => clientPage.close(() => r())));

const state = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector('audio')!;
    const ranges = Array.from({ length: a.buffered.length }, (_, i) => [a.buffered.start(i), a.buffered.end(i)]);
    return { t: a.currentTime, paused: a.paused, duration: a.duration, readyState: a.readyState, error: a.error?.code ?? null, buffered: ranges };
  });

/** Waits until the element plays from at least `fromS` + `byS` seconds. */
async function playsOn(page: Page, fromS: number, byS: number, what: string): Promise<number> {
  await page
    .waitForFunction(
      ([from, by]) => {
        const a = document.querySelector('audio');
        return !!a && !a.paused && a.currentTime >= from + by;
      },
      [fromS, byS] as const,
      { timeout: 60_000, polling: 100 },
    )
    .catch(async (e: unknown) => {
      throw new Error(`${what}: ${JSON.stringify(await state(page))}`, { cause: e });
    });
  return (await state(page)).t;
}

describe('a browser Subsonic client seeks in a song it plays for the first time', () => {
  it('seeks twice beyond what has arrived and plays on from each place', async () => {
    const account = await subsonicAccount(rig.server.url, 'seeker@example.org', 'a seeking password', 'Seeker');
    const found = (await account.rest('search3', { query: '', songCount: '500', artistCount: '0', albumCount: '0' })).searchResult3 as { song?: { id: string; duration: number }[] };
    const song = [...(found.song ?? [])].sort((a, b) => b.duration - a.duration)[0]!;
    expect(song.duration).toBeGreaterThan(60);

    rig.context = await rig.browser.newContext();
    const page = await rig.context.newPage();
    await page.goto(`http://127.0.0.1:${(clientPage.address() as AddressInfo).port}/`);
    // A slow line (48 KB/s), so the song arrives over a few times its length and a seek lands beyond it.
    const cdp = await rig.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 48 * 1024, uploadThroughput: -1 });

    const src = `${rig.server.url}/rest/stream?${new URLSearchParams({ id: song.id, u: account.username, p: account.appPassword, v: '1.15.0', c: 'browser-seek' })}`;
    await page.evaluate((url) => {
      const a = document.createElement('audio');
      a.src = url;
      document.body.append(a);
      void a.play();
    }, src);
    const started = await playsOn(page, 0, 1, 'the song did not start');

    for (const fraction of [0.6, 0.3]) {
      const target = song.duration * fraction;
      const before = await state(page);
      // Nothing around the target has arrived yet: the element must ask the server for it.
      expect(before.buffered.some(([s, e]) => s! <= target && target < e!), JSON.stringify(before)).toBe(false);
      await page.evaluate((t) => {
        document.querySelector('audio')!.currentTime = t;
      }, target);
      await page
        .waitForFunction(
          (t) => {
            const a = document.querySelector('audio');
            return !!a && !a.seeking && Math.abs(a.currentTime - t) < 3;
          },
          target,
          { timeout: 60_000, polling: 100 },
        )
        .catch(async (e: unknown) => {
          throw new Error(`the seek to ${target.toFixed(1)} s did not arrive: ${JSON.stringify(await state(page))}`, { cause: e });
        });
      const at = (await state(page)).t;
      await playsOn(page, at, 1.5, `playback stalled after the seek to ${target.toFixed(1)} s`);
    }
    expect(started).toBeGreaterThanOrEqual(1);
  });
});
