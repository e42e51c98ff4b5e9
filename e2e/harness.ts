/**
 * End-to-end harness: the BUILT server (`node apps/server/dist/cli/serve.js`, which
 * `npm test` builds first) on a free loopback port, with a temporary DATA_DIR
 * and a small copy of the demo music, plus Debian Chromium through
 * playwright-core (tooling-notes.md §4).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const DEMO_MUSIC = join(REPO_ROOT, 'data/demo-music');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const execFileAsync = promisify(execFile);

const AUDIO = /\.(ogg|oga|opus|mp3|m4a|flac|wav)$/i;

/** How much of each demo song the tier plays with (e2e/global-setup.ts cuts them once per run). */
export const SHORT_SONG_S = 90;

/**
 * Copies the first `count` songs of each demo album into a fresh folder, so scans stay quick. The songs are
 * the run's short copies (their first SHORT_SONG_S seconds, tags and all), so that what a test plays,
 * transcodes and downloads costs a fraction of whole songs; `full` copies the whole songs (a test of seeking
 * while a song is first transcoded needs one that takes a while). `source` names another folder of albums to copy from.
 */
export function musicSubset(count = 6, { full = false, source }: { full?: boolean; source?: string } = {}): string {
  const from = source ?? (full ? undefined : runTemplate()?.shortDemo) ?? DEMO_MUSIC;
  const dir = mkdtempSync(join(tmpdir(), 'lyra-e2e-music-'));
  if (!existsSync(from)) throw new Error(`No demo music at ${from}: run npm run setup`);
  for (const album of readdirSync(from, { withFileTypes: true })) {
    if (!album.isDirectory()) continue;
    const files = readdirSync(join(from, album.name)).filter((f) => AUDIO.test(f)).sort().slice(0, count);
    mkdirSync(join(dir, album.name));
    for (const f of files) copyFileSync(join(from, album.name, f), join(dir, album.name, f));
  }
  return dir;
}

/**
 * The demo's albums with each song cut to its first SHORT_SONG_S seconds (a stream copy: same tags), in `dir`.
 * Starting ffmpeg costs more than a cut on a busy machine, so one ffmpeg cuts a batch of songs
 * (one input and one output each), and two batches run at once.
 */
export async function cutDemoMusic(dir: string, { batch = 12, concurrency = 2 } = {}): Promise<void> {
  if (!existsSync(DEMO_MUSIC)) throw new Error(`No demo music at ${DEMO_MUSIC}: run npm run setup`);
  const cuts: [string, string][] = [];
  for (const album of readdirSync(DEMO_MUSIC, { withFileTypes: true })) {
    if (!album.isDirectory()) continue;
    mkdirSync(join(dir, album.name));
    for (const f of readdirSync(join(DEMO_MUSIC, album.name)).filter((name) => AUDIO.test(name))) {
      cuts.push([join(DEMO_MUSIC, album.name, f), join(dir, album.name, f)]);
    }
  }
  const batches: [string, string][][] = [];
  for (let i = 0; i < cuts.length; i += batch) batches.push(cuts.slice(i, i + batch));
  const run = (songs: [string, string][]) =>
    execFileAsync('ffmpeg', [
      '-v', 'error',
      ...songs.flatMap(([from]) => ['-i', from]),
      ...songs.flatMap(([, to], i) => ['-map', String(i), '-t', String(SHORT_SONG_S), '-c', 'copy', '-fflags', '+bitexact', to]),
    ]);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, batches.length) }, async () => {
      while (next < batches.length) await run(batches[next++]!);
    }),
  );
}

export interface ServerHandle {
  url: string;
  port: number;
  dataDir: string;
  musicDir: string;
  /** The server's stderr so far, for failure messages. */
  log(): string;
  /** Kills the process with `signal` (a crash: SIGKILL) and waits for it to exit; the folders stay. */
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/** Made once per run (e2e/global-setup.ts): the demo's short songs, the tier's usual music and a data folder that scanned it. */
export interface ServerTemplate {
  shortDemo: string;
  musicDir: string;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    lyraE2eTemplate: ServerTemplate;
  }
}

/** The run's template, when the tier's set-up made one (not while the set-up itself starts a server). */
function runTemplate(): ServerTemplate | undefined {
  try {
    return inject('lyraE2eTemplate');
  } catch {
    return undefined;
  }
}

export interface ServerOptions {
  musicDir?: string;
  dataDir?: string;
  env?: Record<string, string>;
  /** Wait until the scan has finished with tracks (default true). */
  waitForTracks?: boolean;
  timeoutMs?: number;
}

/** Reads the scanner status; null until the endpoint answers. */
async function scanStatus(url: string): Promise<{ scanning: boolean; tracks: number } | null> {
  try {
    const res = await fetch(`${url}/api/admin/status`);
    if (!res.ok) return null;
    const body = (await res.json()) as Record<string, unknown>;
    const s = (body.data ?? body) as Record<string, unknown>;
    const scan = (s.scan && typeof s.scan === 'object' ? s.scan : s) as Record<string, unknown>;
    return { scanning: scan.scanning === true, tracks: Number(scan.tracks ?? 0) };
  } catch {
    return null;
  }
}

export async function startServer(options: ServerOptions = {}): Promise<ServerHandle> {
  const entry = join(REPO_ROOT, 'apps/server/dist/cli/serve.js');
  if (!existsSync(entry)) throw new Error('The server is not built: run npm run build');
  if (!existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) throw new Error('The web app is not built: run npm run build');
  const port = await freePort();
  const ownData = !options.dataDir;
  // Without folders of its own, the server runs on the run's usual music (shared: read only) and a copy
  // of the data folder that scanned it.
  const template = !options.dataDir && !options.musicDir ? runTemplate() : undefined;
  const ownMusic = !options.musicDir && !template;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'lyra-e2e-data-'));
  if (template) cpSync(template.dataDir, dataDir, { recursive: true });
  const musicDir = options.musicDir ?? template?.musicDir ?? musicSubset();
  const url = `http://127.0.0.1:${port}`;
  let stderr = '';
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MUSIC_DIR: musicDir,
      SCAN_WATCH: 'off',
      VIDEO_WORKER: 'off',
      // Measuring each song's loudness decodes all of it with ffmpeg, in the background of every
      // test: only the files that test loudness turn it on.
      LOUDNESS_SCAN: 'off',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode == null && child.signalCode == null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownData) rmSync(dataDir, { recursive: true, force: true });
    if (ownMusic) rmSync(musicDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  const wantTracks = options.waitForTracks !== false;
  for (;;) {
    if (child.exitCode != null) {
      await stop();
      throw new Error(`The server exited (code ${child.exitCode}):\n${stderr}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not ready in time:\n${stderr}`);
    }
    if (!wantTracks) {
      const ok = await fetch(`${url}/config.json`).then((r) => r.ok, () => false);
      if (ok) break;
    } else {
      const s = await scanStatus(url);
      if (s && !s.scanning && s.tracks > 0) break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode == null && child.signalCode == null) {
      child.kill(signal);
      await exited;
    }
  };
  return { url, port, dataDir, musicDir, log: () => stderr, kill, stop };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A context with a real profile on disk: Chrome reports 'in-incognito' for
 * installability in throwaway contexts. Close it, then remove `userDataDir`.
 */
export async function launchPersistentChromium(): Promise<{ context: BrowserContext; userDataDir: string }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'lyra-e2e-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 412, height: 860 },
  });
  return { context, userDataDir };
}

/** A fresh context (own storage, own service workers) and page at `url`. */
export async function openPage(browser: Browser, url: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 860 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/** The app's one audio element, read in the page. */
export const audioState = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector('audio');
    return a
      ? { currentTime: a.currentTime, paused: a.paused, src: a.currentSrc || a.src, readyState: a.readyState, error: a.error?.code ?? null }
      : null;
  });

/** Waits until the audio's currentTime passes `fromS` + `byS` (playback really advances). */
export async function waitForAudioProgress(page: Page, byS = 1, fromS?: number, timeoutMs = 60_000): Promise<number> {
  const start = fromS ?? (await audioState(page))?.currentTime ?? 0;
  await page
    .waitForFunction(
      ([s, by]) => {
        const a = document.querySelector('audio');
        return !!a && !a.paused && a.currentTime >= s + by;
      },
      [start, byS] as const,
      { timeout: timeoutMs, polling: 100 },
    )
    .catch(withAudioState(page, `audio did not advance ${byS} s from ${start} s`));
  return (await audioState(page))!.currentTime;
}

/**
 * Waits until the audio plays song `id` and has advanced `byS` seconds into it. A song that followed the
 * last one gaplessly plays from its decoded copy, not the element (which stays at the last song's end):
 * then it is enough that the app shows it as the song playing (its player link, a Pause button).
 */
export async function waitForSongProgress(page: Page, id: string, byS = 0.3, timeoutMs = 60_000): Promise<void> {
  await page
    .waitForFunction(
      ([songId, by]) => {
        const a = document.querySelector('audio');
        if (!a) return false;
        if ((a.currentSrc || a.src).includes(`/media/${songId}/`)) return !a.paused && a.currentTime >= by;
        const current = document.querySelector('[data-testid="mini-title"], [data-testid="bar-title"]')?.getAttribute('href');
        const playing = [...document.querySelectorAll('button[aria-label="Pause"]')].some((b) => b.getAttribute('aria-busy') !== 'true');
        return a.paused && current === `/player/${encodeURIComponent(songId)}` && playing;
      },
      [id, byS] as const,
      { timeout: timeoutMs, polling: 100 },
    )
    .catch(withAudioState(page, `song ${id} did not play ${byS} s`));
}

/**
 * Rethrows a wait's failure with what the audio element and the page were doing then: the document's
 * title (the song the app holds as current, while one plays) and the toasts on screen.
 */
const withAudioState = (page: Page, what: string) => async (error: unknown) => {
  const state = await audioState(page).catch(() => null);
  const shown = await page
    .evaluate(() => ({ title: document.title, toasts: [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent) }))
    .catch(() => null);
  const url = page.isClosed() ? 'closed' : page.url();
  throw new Error(`${what}: audio ${JSON.stringify(state)}, page ${JSON.stringify(shown)} at ${url}`, { cause: error });
};

/** What `useServerAndBrowser` hands a test file: filled in by its beforeAll. */
export interface Rig {
  server: ServerHandle;
  browser: Browser;
  /** The test's context, if it opened one; closed after each test. */
  context: BrowserContext | undefined;
  /** A fresh context and page at `path` of the server (phone-sized unless told), closed after the test. */
  open(path: string, viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * The usual set-up of a browser test file: the built server (options made when
 * the file starts, e.g. after writing its music) and Chromium, both stopped at
 * the end; each test's context closed after it.
 */
export function useServerAndBrowser(options: ServerOptions | (() => ServerOptions) = {}): Rig {
  const rig = {
    context: undefined as BrowserContext | undefined,
    async open(path: string, viewport = { width: 412, height: 860 }) {
      rig.context = await rig.browser.newContext({ viewport, serviceWorkers: 'allow' });
      const page = await rig.context.newPage();
      await page.goto(`${rig.server.url}${path}`);
      return page;
    },
  } as Rig;
  beforeAll(async () => {
    [rig.server, rig.browser] = await Promise.all([startServer(typeof options === 'function' ? options() : options), launchChromium()]);
  });
  afterAll(async () => {
    await rig.browser?.close();
    await rig.server?.stop();
  });
  afterEach(async () => {
    await rig.context?.close();
    rig.context = undefined;
  });
  return rig;
}
