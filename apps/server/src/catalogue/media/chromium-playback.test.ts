import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { excerpt, insertTrack, portOf } from './test/fixtures.js';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'];

interface Playback {
  currentTime: number;
  duration: number;
  error: number | null;
  decodedSeconds: number;
}

/**
 * The browser APIs the page script in `play` uses. The server's tests are type-checked against Node's
 * globals, not the DOM library, so the script reads these from the page's `globalThis` under this type.
 */
interface AudioPage {
  Audio: new (src: string) => {
    readonly currentTime: number;
    readonly duration: number;
    readonly error: { readonly code: number } | null;
    play(): Promise<void>;
    pause(): void;
  };
  OfflineAudioContext: new (channels: number, length: number, sampleRate: number) => {
    decodeAudioData(bytes: ArrayBuffer): Promise<{ readonly duration: number }>;
  };
}

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  return () => browser.close();
});

/** Debian Chromium plays what /media sends: the live transcode and the cached file. */
describe.each(ENGINES)('media in Chromium (%s)', (engine) => {
  let t: TestApp;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const music = await mkdtemp(join(tmpdir(), 'lyra-chromium-'));
    await mkdir(music, { recursive: true });
    await excerpt(music, 'song.flac', ['-c:a', 'flac'], 12);
    t = await createTestApp(engine, { MUSIC_DIR: music }, ['catalogue']);
    await insertTrack(t.testDb.db, music, { id: 'playme1', path: 'song.flac', codec: 'flac', bitrateKbps: 800, durationS: 12 });
    server = t.app.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    origin = `http://127.0.0.1:${portOf(server.address())}`;
    return async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await t.close();
      await rm(music, { recursive: true, force: true });
    };
  });

  const play = async (path: string): Promise<{ playback: Playback; cacheControl: string | undefined }> => {
    const page = await browser.newPage();
    await page.goto(`${origin}/images/default/50.jpg`);
    const seen = page.waitForResponse((r) => r.url().endsWith(path) && r.request().resourceType() === 'media');
    const playback = await page.evaluate(async (src): Promise<Playback> => {
      const { Audio, OfflineAudioContext } = globalThis as unknown as AudioPage;
      const audio = new Audio(src);
      await audio.play().catch(() => {});
      const until = Date.now() + 15_000;
      while (audio.currentTime < 1 && audio.error === null && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      audio.pause();
      const bytes = await (await fetch(src)).arrayBuffer();
      const decoded = await new OfflineAudioContext(2, 44_100, 44_100).decodeAudioData(bytes);
      return { currentTime: audio.currentTime, duration: audio.duration, error: audio.error?.code ?? null, decodedSeconds: decoded.duration };
    }, path);
    const cacheControl = (await (await seen).allHeaders())['cache-control'];
    await page.close();
    return { playback, cacheControl };
  };

  it('plays the first listener\'s stream while it is transcoded', async () => {
    const { playback, cacheControl } = await play('/media/playme1/96.mp4');
    expect(cacheControl).toBe('no-store');
    expect(playback.error).toBeNull();
    expect(playback.currentTime).toBeGreaterThanOrEqual(1);
    expect(playback.decodedSeconds).toBeGreaterThan(11.5);
  });

  it('plays and knows the duration of a cached tier', async () => {
    await fetch(`${origin}/media/playme1/12.mp4`).then((r) => r.arrayBuffer());
    const { playback, cacheControl } = await play('/media/playme1/12.mp4');
    expect(cacheControl).toBe('public, max-age=86400');
    expect(playback.error).toBeNull();
    expect(playback.currentTime).toBeGreaterThanOrEqual(1);
    expect(playback.duration).toBeGreaterThan(11.5);
    expect(playback.duration).toBeLessThan(12.5);
    expect(playback.decodedSeconds).toBeGreaterThan(11.5);
  });
});
