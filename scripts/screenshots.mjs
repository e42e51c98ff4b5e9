#!/usr/bin/env node
// `npm run screenshots`: PNGs of Home, Search, an album, its artist, the player, Library and its Albums
// at a phone's size (390x844) and a desktop's (1440x900), from Debian Chromium
// against the built server over the demo library, into docs/screenshots/; Home on a
// phone and an album on a desktop also become the web app manifest's screenshots
// (apps/web/public/screenshots/*.webp, shown by install dialogs; rebuild to ship them).
// Needs `npm run setup` (or `npm run build` and the demo music).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM, ROOT, TAP_FLAGS, startServer } from '../bench/lib/app-in-chromium.mjs';

const OUT = join(ROOT, 'docs/screenshots');
const MANIFEST_SHOTS = join(ROOT, 'apps/web/public/screenshots');
/** docs/screenshots/<from>.png -> the manifest's <to>.webp (see apps/web/src/app/pwa-manifest.ts). */
const FOR_MANIFEST = [
  ['home-phone', 'home-narrow'],
  ['album-desktop', 'album-wide'],
];
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];
mkdirSync(OUT, { recursive: true });

const server = await startServer({ musicDir: join(ROOT, 'data/demo-music'), env: { LOUDNESS_SCAN: 'off' } });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: TAP_FLAGS });
try {
  const albums = (await (await fetch(`${server.url}/api/search/albums?query=wesnoth&limit=1`)).json()).data.results;
  // Every image decoded, then a moment for transitions (audio keeps the network busy: no 'networkidle').
  const settle = async (page) => {
    await page.waitForFunction(() => [...document.images].every((i) => i.complete), null, { timeout: 15_000 }).catch(() => {});
    await page.waitForTimeout(800);
  };
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const shot = async (what) => {
      await settle(page);
      await page.screenshot({ path: join(OUT, `${what}-${size.name}.png`) });
      console.log(`  ${what}-${size.name}.png`);
    };
    await page.goto(server.url);
    await page.locator('[data-song-id]').first().waitFor();
    // A song playing, as a listener would have it.
    await page.locator('[data-song-id]').nth(1).click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5);
    await page.evaluate(() => document.querySelector('audio')?.pause());
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('home');
    await page.goto(`${server.url}/search`);
    await page.getByRole('searchbox').pressSequentially('wesnoth');
    await page.getByRole('heading', { name: 'Search Results' }).waitFor();
    await shot('search');
    if (albums[0]) {
      await page.goto(`${server.url}/album/${albums[0].id}`);
      await page.getByTestId('collection-stats').waitFor();
      await shot('album');
      const artist = albums[0].artists?.primary?.[0];
      if (artist) {
        await page.goto(`${server.url}/artist/${artist.id}`);
        await page.getByTestId('collection-stats').waitFor();
        await shot('artist');
      }
    }
    await page.goto(`${server.url}/library`);
    await page.getByRole('heading', { name: 'Your Library' }).waitFor();
    await shot('library');
    await page.goto(`${server.url}/library/albums`);
    await page.locator('[role="list"][aria-label="Albums"] [role="listitem"]').first().waitFor();
    await shot('library-albums');
    const id = await page.evaluate(() => JSON.parse(sessionStorage.getItem('player') ?? '{}').state?.currentId);
    if (id) {
      await page.goto(`${server.url}/player/${id}`);
      await page.getByRole('slider', { name: 'Seek' }).first().waitFor();
      await page.waitForTimeout(3_500); // the tooltips that open at load close after 3 s
      await shot('player');
    }
    await context.close();
  }
  mkdirSync(MANIFEST_SHOTS, { recursive: true });
  for (const [from, to] of FOR_MANIFEST) {
    await sharp(join(OUT, `${from}.png`)).webp({ quality: 78 }).toFile(join(MANIFEST_SHOTS, `${to}.webp`));
    console.log(`  apps/web/public/screenshots/${to}.webp`);
  }
} finally {
  await browser.close();
  await server.stop();
}
