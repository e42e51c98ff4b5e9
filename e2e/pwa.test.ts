/**
 * The installable app and its catalogue hosts, in Debian Chromium against the
 * built server: /sw.js registers, the manifest passes Chrome's installability
 * checks, a waiting new version shows the Update modal and 'Update Now'
 * applies it (SPEC#chrome-service-worker, SPEC#update-modal), and a catalogue mirror that answers 503 hands over to
 * the next host (SPEC#product-song-catalogue-data).
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, launchPersistentChromium, musicSubset, openPage, REPO_ROOT, startServer, waitForAudioProgress, type ServerHandle } from './harness.js';
import { startStubCatalogue, type StubCatalogue } from './stub-catalogue.js';

let server: ServerHandle;
let browser: Browser;
let downMirror: StubCatalogue;
let webDir: string;
let musicDir: string;
let context: BrowserContext | undefined;

beforeAll(async () => {
  // A private copy of the built app, so a test can publish a "new version" of /sw.js.
  webDir = mkdtempSync(join(tmpdir(), 'lyra-e2e-web-'));
  cpSync(join(REPO_ROOT, 'apps/web/dist'), webDir, { recursive: true });
  musicDir = musicSubset(3);
  downMirror = await startStubCatalogue(musicDir, { down: true });
  [server, browser] = await Promise.all([
    startServer({ musicDir, env: { WEB_DIR: webDir, CATALOGUE_HOSTS: `${downMirror.url}/api,/api` } }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await downMirror?.close();
  rmSync(webDir, { recursive: true, force: true });
  rmSync(musicDir, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('PWA', () => {
  it('registers /sw.js and is installable (no installability errors)', async () => {
    const persistent = await launchPersistentChromium();
    try {
      const page = persistent.context.pages()[0] ?? (await persistent.context.newPage());
      await page.goto(server.url);
      const scriptURL = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return reg.active?.scriptURL ?? null;
      });
      expect(scriptURL).toBe(`${server.url}/sw.js`);
      const manifest = await page.evaluate(async () => {
        const href = document.querySelector('link[rel=manifest]')?.getAttribute('href');
        type Manifest = { display: string; icons: { sizes: string; purpose?: string }[]; screenshots: { src: string; sizes: string; form_factor: string }[] };
        return href ? ((await (await fetch(href)).json()) as Manifest) : null;
      });
      expect(manifest?.display).toBe('standalone');
      expect(manifest?.icons.map((i) => `${i.sizes}:${i.purpose ?? 'any'}`)).toEqual(['192x192:any', '512x512:any', '512x512:maskable']);
      // Install dialogs show a phone and a desktop screenshot; each decodes at its declared size.
      expect(manifest?.screenshots.map((s) => s.form_factor)).toEqual(['narrow', 'wide']);
      for (const shot of manifest!.screenshots) {
        const size = await page.evaluate(async (src) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          return `${img.naturalWidth}x${img.naturalHeight}`;
        }, shot.src);
        expect(size).toBe(shot.sizes);
      }
      const cdp = await persistent.context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await persistent.context.close();
      rmSync(persistent.userDataDir, { recursive: true, force: true });
    }
  });

  it('a waiting new version shows the Update modal; Update Now activates it and reloads', async () => {
    const opened = await openPage(browser, server.url);
    context = opened.context;
    const { page } = opened;
    await page.evaluate(() => navigator.serviceWorker.ready);
    // A waiting worker only waits while it has pages under the old one: load once more under control.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller != null);
    const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(firstWorker).toBe(`${server.url}/sw.js`);

    // Publish a new version: any byte change of /sw.js makes the browser install it.
    appendFileSync(join(webDir, 'sw.js'), `\n// next version ${Date.now()}\n`);
    // The precompressed copies would still be the old version.
    rmSync(join(webDir, 'sw.js.br'), { force: true });
    rmSync(join(webDir, 'sw.js.gz'), { force: true });
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg?.update();
    });
    const modal = page.getByRole('dialog');
    await modal.getByText('Thank you, Guest!').waitFor({ timeout: 30_000 });
    expect(await modal.getByText("Fixed the 'No Songs' bug in Artists").count()).toBe(1);
    expect(await modal.getByText('Infinite songs in the queue').count()).toBe(1);
    await page.getByText('A new version of Lyra is ready', { exact: true }).waitFor();

    // The new document's DOM is enough: what the test reads next is the worker, not the page's images.
    const reloaded = page.waitForEvent('domcontentloaded', { timeout: 30_000 });
    await modal.getByRole('button', { name: 'Update Now' }).click();
    await reloaded.catch(async (error: unknown) => {
      const workers = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { installing: reg?.installing?.state, waiting: reg?.waiting?.state, active: reg?.active?.state, controlled: navigator.serviceWorker.controller != null };
      });
      throw new Error(`no reload after Update Now; workers: ${JSON.stringify(workers)}`, { cause: error });
    });
    const waiting = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return { waiting: reg?.waiting != null, controlled: navigator.serviceWorker.controller != null };
    });
    expect(waiting).toEqual({ waiting: false, controlled: true });
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('serving the built app', () => {
  it('sends the precompressed shell and scripts to browsers that accept them, and the app at any path', async () => {
    const html = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(html.headers.get('content-encoding')).toBe('br');
    expect(html.headers.get('vary')).toBe('accept-encoding');
    const body = await html.text();
    const entry = /"(\/assets\/index-[^"]+\.js)"/.exec(body)?.[1];
    expect(entry).toBeDefined();
    // The entry is a few hundred bytes (not worth compressing, compress-dist.mjs); the largest script it imports is not.
    const imported = [...(await (await fetch(`${server.url}${entry}`)).text()).matchAll(/["`]\.\/([^"`]+\.js)["`]/g)].map((m) => `/assets/${m[1]}`);
    const sizes = await Promise.all(imported.map(async (path) => ({ path, size: (await (await fetch(`${server.url}${path}`)).arrayBuffer()).byteLength })));
    const script = sizes.sort((a, b) => b.size - a.size)[0]?.path;
    expect(sizes[0]?.size).toBeGreaterThan(1024);
    const gz = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toContain('immutable');
    const plain = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(await gz.text());
    const deep = await fetch(`${server.url}/album/anything`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
  });
});

describe('catalogue mirror fallback (SPEC#product-song-catalogue-data)', () => {
  it('the first host answers 503 and the songs come from the next one', async () => {
    const before = downMirror.requests.length;
    const opened = await openPage(browser, server.url);
    context = opened.context;
    const { page } = opened;
    expect(await page.evaluate(async () => (await (await fetch('/config.json')).json()).catalogueHosts)).toEqual([`${downMirror.url}/api`, '/api']);
    await page.locator('[data-song-id]').first().waitFor();
    expect(downMirror.requests.slice(before)).toContain('GET /api/home/rows');
    await page.locator('[data-song-id]').first().click();
    await waitForAudioProgress(page, 0.5);
  });
});
