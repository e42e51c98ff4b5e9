/**
 * Home in Debian Chromium against the built server on the demo library
 * (SPEC#home-top-bottom-shown, SPEC#states-speed-list, SPEC#errors-speed-list, SPEC#limits-recent-songs): every row with real songs, plays recorded in
 * Recent Plays and the Speed List, and SPEC's texts when the catalogue fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HomeRows, HomeSongRow } from '@lyra/contracts/catalogue';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, REPO_ROOT, startServer, type ServerHandle } from './harness.js';

let server: ServerHandle;
let browser: Browser;
let context: BrowserContext | undefined;
let rows: HomeRows;
let previewed: string[] = [];
let scratch: string;

/** Attaches a tiny generated clip as the video preview of `songIds` (the admin CLI, through the running server). */
function attachPreviews(songIds: string[]): void {
  const clip = join(scratch, 'clip.mp4');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x160:rate=10', '-t', '2', '-pix_fmt', 'yuv420p', clip]);
  for (const id of songIds) {
    execFileSync(process.execPath, [join(REPO_ROOT, 'apps/server/dist/cli/admin.js'), 'video', 'add', id, clip], {
      env: { ...process.env, DATA_DIR: server.dataDir, MUSIC_DIR: server.musicDir, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
  }
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lyra-e2e-home-'));
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  rows = ((await (await fetch(`${server.url}/api/home/rows`)).json()) as { data: HomeRows }).data;
  const songs = rows.rows.flatMap((r) => (r.kind === 'songs' ? r.songs.map((s) => s.id) : []));
  previewed = [...new Set(songs)].slice(0, 3);
  attachPreviews(previewed);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(path = '/', init?: () => void): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 412, height: 860 } });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await page.goto(server.url + path);
  return page;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const idsIn = (page: Page, name: string) =>
  region(page, name)
    .locator('[data-song-id]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-song-id')));

/** Taps the song's card in `row` and waits until that song really plays. */
async function play(page: Page, id: string, row = 'Top Hits'): Promise<void> {
  await region(page, row).locator(`[data-song-id="${id}"]`).click();
  await page.waitForFunction(
    (songId) => {
      const a = document.querySelector('audio');
      return !!a && (a.currentSrc || a.src).includes(`/${songId}/`) && !a.paused && a.currentTime > 0.3;
    },
    id,
    { timeout: 60_000, polling: 100 },
  );
}

describe('Home end to end', () => {
  it('renders every row in SPEC order with real songs from the library', async () => {
    const page = await open();
    await region(page, 'Quick Picks').waitFor();
    const songRows = rows.rows.filter((r) => r.kind === 'songs' && r.layout !== 'carousel');
    // Curated rows: the server's rows, each with its songs (Top Hits has 5).
    for (const row of songRows) {
      if (row.kind !== 'songs') continue;
      // Rows below the fold render when near the screen or when the page is idle.
      await expect.poll(() => idsIn(page, row.title)).toEqual(row.songs.slice(0, row.limit).map((s) => s.id));
    }
    expect(await idsIn(page, 'Top Hits')).toHaveLength(5);
    // Quick Picks: the carousel row's songs in groups of 5, with 'Play all'.
    const quick = rows.rows.find((r) => r.layout === 'carousel');
    expect(quick?.kind).toBe('songs');
    await region(page, 'Quick Picks').getByRole('button', { name: 'Play all' }).waitFor();
    const groups = await region(page, 'Quick Picks').locator('ul').evaluateAll((uls) => uls.map((ul) => ul.querySelectorAll('[data-song-id]').length));
    expect(groups.every((n) => n <= 5)).toBe(true);
    expect(groups.reduce((a, b) => a + b, 0)).toBe(Math.min(15, quick?.kind === 'songs' ? quick.songs.length : 0));
    expect(await region(page, 'Quick Picks').getByRole('button', { name: 'Play all' }).count()).toBe(1);
    // Playlist rows: name, language and song count; 7 at first.
    const playlists = rows.rows.find((r) => r.kind === 'playlists');
    expect(playlists?.kind).toBe('playlists');
    if (playlists?.kind === 'playlists') {
      const cards = region(page, playlists.title).locator('[data-playlist-id]');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(Math.min(7, playlists.playlists.length));
      expect(await cards.first().textContent()).toContain(`${playlists.playlists[0]!.songCount} songs`);
    }
    // Video Previews: the songs with a preview, each with the blue video badge.
    const videos = region(page, 'Video Previews');
    await videos.locator('[data-song-id]').first().waitFor();
    expect((await idsIn(page, 'Video Previews')).sort()).toEqual([...previewed].sort());
    expect(await videos.getByText('Video', { exact: true }).count()).toBe(previewed.length);
    // Nothing played yet: no Recent Plays, Speed List or Suggested for You.
    for (const name of ['Recent Plays', 'Speed List', 'Suggested for You']) expect(await region(page, name).count()).toBe(0);
    // The order on the page is SPEC's.
    // Then the library's album rows (none played yet: no Most played albums).
    const want = ['Video Previews', ...rows.rows.map((r) => r.title), 'Recently added', 'Random albums'];
    await expect.poll(() => page.locator('main h2').allTextContents(), { timeout: 30_000 }).toEqual(want);
    expect(await region(page, 'Recently added').getByRole('link', { name: 'See all: Recently added' }).getAttribute('href')).toBe('/library/albums?sort=recent');
    // Each scrolling row's first tile lines up with the row's heading (a row wider than the screen too).
    const misaligned = await page.locator('main section[data-row]').evaluateAll((sections) =>
      sections.flatMap((s) => {
        const li = s.querySelector('ul.overflow-x-auto > li');
        const h2 = s.querySelector('h2');
        if (!li || !h2) return [];
        const off = Math.round(li.getBoundingClientRect().left - h2.getBoundingClientRect().left);
        return off === 0 ? [] : [`${(s as HTMLElement).dataset.row}: ${off} px`];
      }),
    );
    expect(misaligned).toEqual([]);

    // After three plays, the rows that come from listening appear, above the rest.
    const topHits = await idsIn(page, 'Top Hits');
    for (const id of topHits.slice(0, 3)) await play(page, id!);
    await page.reload();
    await region(page, 'Suggested for You').waitFor();
    const after = await page.locator('main h2').allTextContents();
    expect(after.slice(0, 4)).toEqual(['Recent Plays', 'Speed List', 'Video Previews', 'Suggested for You']);
    expect(await region(page, 'Suggested for You').locator('[data-song-id]').count()).toBeGreaterThan(0);
    expect(await region(page, 'Suggested for You').locator('[data-song-id]').count()).toBeLessThanOrEqual(8);
  });

  it('playing three songs fills Recent Plays (newest first) and the Speed List (most played first)', async () => {
    const page = await open();
    await region(page, 'Top Hits').locator('[data-song-id]').first().waitFor();
    const [a, b, c] = (await idsIn(page, 'Top Hits')) as string[];
    await play(page, a!);
    await play(page, b!);
    await play(page, c!);
    await play(page, a!);
    // Home re-reads while open: no reload needed.
    await expect.poll(() => idsIn(page, 'Recent Plays')).toEqual([c, b, a]);
    await expect.poll(() => idsIn(page, 'Speed List'), { timeout: 10_000 }).toEqual([a, b, c]);
    const counts = await page.evaluate(() => JSON.parse(localStorage.getItem('SpeedListSongs') ?? '{}'));
    expect(counts).toEqual({ [a!]: 2, [b!]: 1, [c!]: 1 });
    expect(Number(await page.evaluate(() => localStorage.getItem('speedListExpiry')))).toBeGreaterThan(Date.now() + 47 * 3_600_000);

    // A click in Recent Plays plays the song and moves it to the front.
    await region(page, 'Recent Plays').locator(`[data-song-id="${b}"]`).click();
    await expect.poll(() => idsIn(page, 'Recent Plays')).toEqual([b, c, a]);
    // A click in the Speed List loads the list as the queue.
    await region(page, 'Speed List').locator(`[data-song-id="${c}"]`).click();
    await expect
      .poll(() => page.evaluate(() => (JSON.parse(sessionStorage.getItem('player') ?? '{}') as { state: { queue: { id: string }[]; currentId: string } }).state))
      .toMatchObject({ queue: [{ id: a }, { id: b }, { id: c }], currentId: c });
  });

  it('a failing catalogue shows SPEC’s texts: Speed List error, Retry to load, Quick Picks hidden', async () => {
    context = await browser.newContext({ viewport: { width: 412, height: 860 } });
    // A listener with plays, on a day the catalogue's song lookups and the backend fail.
    const id = rows.rows.find((r): r is HomeSongRow => r.kind === 'songs')!.songs[0]!.id;
    await context.addInitScript((songId) => {
      localStorage.clear();
      localStorage.setItem('SpeedListSongs', JSON.stringify({ [songId]: 2 }));
    }, id);
    await context.route('**/api/songs?ids=*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"message":"down"}' }));
    await context.route('**/v1/databases/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down","code":500,"type":"general_unknown"}' }),
    );
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.goto(server.url);
    const speed = region(page, 'Speed List');
    await speed.getByText('Error loading songs').waitFor({ timeout: 20_000 });
    expect(await speed.getByText('Please try again later').count()).toBe(1);
    await region(page, 'Video Previews').getByRole('button', { name: 'Retry to load' }).waitFor({ timeout: 20_000 });
    expect(await region(page, 'Video Previews').getByText('Failed to fetch video previews').count()).toBe(1);
    await expect.poll(() => logged.some((l) => l.includes('Failed to fetch quick play songs')), { timeout: 20_000 }).toBe(true);
    expect(await region(page, 'Quick Picks').count()).toBe(0);

    // Back online, 'Retry to load' brings the previews.
    await context.unroute('**/v1/databases/**');
    await context.unroute('**/api/songs?ids=*');
    await region(page, 'Video Previews').getByRole('button', { name: 'Retry to load' }).click();
    await region(page, 'Video Previews').locator('[data-song-id]').first().waitFor();
  });
});
