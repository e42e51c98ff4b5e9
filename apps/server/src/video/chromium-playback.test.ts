import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { ENGINES } from '../test/db.js';
import { addLibrarySong, makeSong } from './test/media-fixtures.js';
import type { VideoModule } from './module.js';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

interface Playback {
  error: number | null;
  width: number;
  height: number;
  duration: number;
  /** currentTime after playing past the end of a looping video: small again. */
  afterLoop: number;
  maxTime: number;
}

/**
 * The browser APIs the page script below uses. The server's tests are type-checked against Node's
 * globals, not the DOM library, so the script reads `document` from the page's `globalThis` under this type.
 */
interface VideoElement {
  muted: boolean;
  loop: boolean;
  playsInline: boolean;
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly videoWidth: number;
  readonly videoHeight: number;
  readonly error: { readonly code: number } | null;
  play(): Promise<void>;
  pause(): void;
}
interface VideoPage {
  document: {
    body: { innerHTML: string; append(node: VideoElement): void };
    createElement(tag: 'video'): VideoElement;
  };
}

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => browser?.close());

/** Debian Chromium plays the rendered previews as the player uses them: muted, looping, from /videos. */
describe.each(ENGINES)('video previews in Chromium (%s)', (engine) => {
  let t: TestApp;
  let server: Server;
  let origin: string;
  let dir: string;
  let songId: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lyra-video-chromium-'));
    const musicDir = join(dir, 'music');
    await mkdir(musicDir);
    const file = await makeSong(musicDir, 'song.ogg', 4);
    t = await createTestApp(engine, { MUSIC_DIR: musicDir }, ['catalogue', 'backend']);
    ({ id: songId } = await addLibrarySong(t.testDb.db, { musicDir, dataDir: t.dataDir, file, title: 'Song' }));
    const video = t.app.modules.find((m): m is VideoModule => m.name === 'video')!;
    await video.previews.renderSong(songId);
    server = t.app.createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  for (const format of ['mp4', 'webm'] as const) {
    it(`plays the ${format} preview muted and loops it`, async () => {
      const page = await browser.newPage();
      try {
        await page.goto(`${origin}/videos/${songId}/preview.${format}`);
        const playback = await page.evaluate(async (src): Promise<Playback> => {
          const { document } = globalThis as unknown as VideoPage;
          document.body.innerHTML = '';
          const v = document.createElement('video');
          Object.assign(v, { muted: true, loop: true, playsInline: true, src });
          document.body.append(v);
          await v.play().catch(() => {});
          const wait = async (done: () => boolean) => {
            const until = Date.now() + 20_000;
            while (!done() && v.error === null && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
          };
          await wait(() => v.currentTime > 0.5);
          // Jump close to the end: a looping video comes back round to the start.
          let maxTime = v.currentTime;
          v.currentTime = Math.max(0, v.duration - 0.3);
          await wait(() => {
            maxTime = Math.max(maxTime, v.currentTime);
            return maxTime > v.duration - 0.5 && v.currentTime < 1;
          });
          const result = { error: v.error?.code ?? null, width: v.videoWidth, height: v.videoHeight, duration: v.duration, afterLoop: v.currentTime, maxTime };
          v.pause();
          return result;
        }, `${origin}/videos/${songId}/preview.${format}`);
        expect(playback).toMatchObject({ error: null, width: 480, height: 480 });
        expect(Math.abs(playback.duration - 4)).toBeLessThanOrEqual(1);
        expect(playback.maxTime).toBeGreaterThan(playback.duration - 0.5);
        expect(playback.afterLoop).toBeLessThan(1);
      } finally {
        await page.close();
      }
    });
  }
});
