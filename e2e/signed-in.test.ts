/**
 * Everything a signed-in listener does, in Debian Chromium against the built
 * server, with a real OpenID Connect provider (`oidc-provider`) on loopback
 * configured as the server's Google issuer (DESIGN §6): the OAuth token flow,
 * favourites, playlists, feedback, download, realtime across devices, one
 * user's data kept from another, and the signed-out prompts (SPEC#product-signed-users, SPEC#roles-signed-user, SPEC#roles-anonymous-visitor).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOidcIssuer, type OidcIssuer } from '../apps/server/src/backend/test/oidc-issuer.js';
import { launchChromium, openPage, startServer, type ServerHandle } from './harness.js';
import { listAsPage, openPlayerOn, seeText, signedInPage, signInWithOAuth, storedUser } from './signed-in-helpers.js';

let issuer: OidcIssuer;
let server: ServerHandle;
let browser: Browser;
const contexts: BrowserContext[] = [];
const ADA = { sub: 'ada-sub', email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' };
const GRACE = { sub: 'grace-sub', email: 'grace@example.com', email_verified: true, name: 'Grace Hopper' };

beforeAll(async () => {
  issuer = await startOidcIssuer({ login: ADA });
  [server, browser] = await Promise.all([startServer({ env: issuer.env('google') }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await issuer?.close();
});
afterEach(async () => {
  issuer.setLogin(ADA);
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function asAda(): Promise<Page> {
  const { context, page } = await signedInPage(browser, server.url);
  contexts.push(context);
  return page;
}

const favoriteTitles = (page: Page) => page.getByRole('list', { name: 'Favorite songs' }).locator('[data-song-id]').allTextContents();

describe('signed in end to end', () => {
  it('signs in through the OAuth token flow: /callback, then Home with the initial in the top bar', async () => {
    const { context, page } = await openPage(browser, 'about:blank');
    contexts.push(context);
    const seen: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && seen.push(new URL(f.url()).pathname));
    const before = issuer.authorizations.length;
    const user = await signInWithOAuth(page, server.url);
    expect(issuer.authorizations.length).toBe(before + 1);
    expect(seen).toContain('/callback');
    expect(user).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(await page.getByRole('link', { name: 'Profile of Ada Lovelace' }).textContent()).toBe('A');
    await page.getByRole('link', { name: 'Profile of Ada Lovelace' }).click();
    await page.getByRole('button', { name: 'LogOut' }).waitFor();
    // One account card, with the email under the name (the email shows again under Sign-in and security
    // once the account's details load).
    expect(await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'LogOut' }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).locator('xpath=following-sibling::p[1]').textContent()).toBe(
      'ada@example.com',
    );
  });

  it('a cancelled sign-in comes back through /callback to /profile, signed out', async () => {
    issuer.setLogin('deny');
    const { context, page } = await openPage(browser, `${server.url}/profile`);
    contexts.push(context);
    // The page starts on /profile: wait for the round trip through /callback, not the starting URL.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.getByRole('button', { name: 'Login with Google' }).click();
    const back = () => {
      const now = new URL(page.url());
      return visited.some((u) => new URL(u).pathname === '/callback') && now.origin === server.url && now.pathname === '/profile' && now.search === '';
    };
    await expect.poll(back, { timeout: 30_000 }).toBe(true);
    await page.waitForLoadState();
    await page.getByRole('heading', { name: 'Your Music, Your Favorites, Your Way!' }).waitFor();
    expect(await storedUser(page)).toBeNull();
  });

  it('a favourite set in the player shows on /favorites, and live on a second device of the same user', async () => {
    const phone = await asAda();
    const laptop = await asAda();
    // What the laptop's realtime sockets did, told if it does not show the favourite.
    const sockets: string[] = [];
    const frames: string[] = [];
    const replies: string[] = [];
    const logged: string[] = [];
    laptop.on('websocket', (ws) => {
      const at = Date.now();
      let count = 0;
      ws.on('framereceived', (f) => {
        count++;
        frames.push(`+${Date.now() - at} ms ${String(f.payload).slice(0, 200)}`);
      });
      ws.on('close', () => void sockets.push(`closed after ${Date.now() - at} ms, ${count} frames`));
      ws.on('socketerror', (e) => void sockets.push(`error ${e}`));
    });
    laptop.on('response', (r) => {
      if (/\/(songs|documents)\b/.test(r.url())) replies.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    laptop.on('console', (m) => void (m.type() === 'error' && logged.push(m.text().slice(0, 200))));
    await laptop.goto(`${server.url}/favorites`);
    await laptop.getByRole('heading', { name: 'Favorites' }).waitFor();

    const { id, title } = await openPlayerOn(phone, server.url, 1);
    await phone.getByRole('button', { name: 'Add to favorites' }).click();
    await seeText(phone, 'Added to favorites');
    expect(await phone.getByRole('button', { name: 'Remove from favorites' }).getAttribute('aria-pressed')).toBe('true');

    await expect.poll(async () => (await listAsPage(phone, 'Favorite')).total).toBe(1);

    // The other device, without a reload.
    await laptop
      .getByRole('list', { name: 'Favorite songs' })
      .locator(`[data-song-id="${id}"]`)
      .waitFor({ timeout: 30_000 })
      .catch((e: unknown) => {
        const told = [
          `its sockets: ${sockets.join('; ') || 'none closed'}`,
          `frames: ${frames.slice(-8).join(' | ')}`,
          `replies: ${replies.slice(-8).join(' | ')}`,
          `errors: ${logged.slice(-5).join(' | ')}`,
        ];
        throw new Error(`the laptop did not show the favourite ${id}; ${told.join('; ')}`, { cause: e });
      });
    expect(await favoriteTitles(laptop)).toEqual([expect.stringContaining(title)]);

    await phone.goto(`${server.url}/favorites`);
    await phone.getByRole('list', { name: 'Favorite songs' }).locator(`[data-song-id="${id}"]`).waitFor();
    expect(await phone.getByTestId('favorites-count').textContent()).toBe('1 song');

    // Removing it on the phone takes it off the laptop too.
    await openPlayerOn(phone, server.url, id);
    await phone.getByRole('button', { name: 'Remove from favorites' }).click();
    await seeText(phone, 'Removed from favorites');
    await laptop.getByText('No favorites found, add songs').waitFor({ timeout: 30_000 });
  });

  it('creates a playlist, adds two songs from the player, removes one, then deletes the playlist', async () => {
    const page = await asAda();
    await page.goto(`${server.url}/library`);
    await page.getByRole('heading', { name: 'Your Library' }).waitFor();
    await page.getByRole('button', { name: /Create New Playlist/ }).click();
    await page.getByLabel('Name').fill('Road trip');
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByRole('list', { name: 'Your playlists' }).getByRole('button', { name: 'Road trip', exact: true }).waitFor();

    const added: { id: string; title: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const song = await openPlayerOn(page, server.url, 0, added.map((s) => s.id));
      await page.getByRole('button', { name: 'Add to playlist' }).click();
      await page.getByRole('menuitem', { name: 'Road trip' }).click();
      await seeText(page, 'saved to playlist');
      added.push(song);
      // Toasts open below the top row: the Back button stays tappable while one shows.
      const back = page.getByRole('button', { name: 'Back' });
      const backBottom = await back.evaluate((b) => b.getBoundingClientRect().bottom);
      const toastsTop = await page.locator('[data-sonner-toaster]').evaluate((t) => t.getBoundingClientRect().top);
      expect(toastsTop).toBeGreaterThanOrEqual(backBottom);
      await back.click();
      await page.waitForURL((u) => u.pathname === '/');
    }

    await page.goto(`${server.url}/library`);
    await page.getByRole('list', { name: 'Your playlists' }).getByRole('button', { name: 'Road trip', exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/playlist/'));
    await page.getByRole('heading', { name: 'Road trip' }).waitFor();
    const rows = page.getByRole('list', { name: 'Songs' }).locator('[data-song-id]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const playlistId = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByRole('button', { name: `Remove ${added[0]!.title} from playlist` }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect
      .poll(async () => (await listAsPage(page, 'PlaylistSong', [JSON.stringify({ method: 'equal', attribute: 'playlistId', values: [playlistId] })])).documents.map((d) => d.songId))
      .toEqual([added[1]!.id]);

    await page.goto(`${server.url}/library`);
    await page.getByRole('button', { name: 'Delete Road trip' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'Playlist Deleted Successfully');
    expect(await page.getByRole('list', { name: 'Your playlists' }).count()).toBe(0);
    expect((await listAsPage(page, 'Playlist')).total).toBe(0);
    expect((await listAsPage(page, 'PlaylistSong')).total).toBe(0);
  });

  it('sends feedback, which the backend stores for the user', async () => {
    const page = await asAda();
    await page.goto(`${server.url}/profile`);
    await page.getByRole('button', { name: 'Report bugs or give feedback' }).click();
    await page.getByText('We will take atleast 3 days to fix the bugs').waitFor();
    await page.getByLabel('Your message').fill('The seek bar jumps on the last song');
    await page.getByRole('button', { name: 'Send' }).click();
    await seeText(page, 'Thanks for you feedback');
    const stored = await listAsPage(page, 'Feedback');
    expect(stored.documents).toEqual([expect.objectContaining({ userName: 'Ada Lovelace', message: 'The seek bar jumps on the last song' })]);
  });

  it('downloads the playing song as a playable file named after it', async () => {
    const page = await asAda();
    const { title } = await openPlayerOn(page, server.url, 0);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'Download song' }).click()]);
    expect(download.suggestedFilename().startsWith(title.replace(/[\\/:*?"<>|]+/g, ' ').trim())).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'lyra-e2e-download-'));
    try {
      const file = join(dir, download.suggestedFilename());
      await download.saveAs(file);
      expect(statSync(file).size).toBeGreaterThan(10_000);
      const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file], { encoding: 'utf8' });
      const info = JSON.parse(probe) as { format: { duration: string }; streams: { codec_type: string }[] };
      expect(info.streams.map((s) => s.codec_type)).toContain('audio');
      expect(Number(info.format.duration)).toBeGreaterThan(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a second user sees none of the first user's favourites or playlists", async () => {
    const ada = await asAda();
    await openPlayerOn(ada, server.url, 0);
    await ada.getByRole('button', { name: 'Add to favorites' }).click();
    await seeText(ada, 'Added to favorites');
    await ada.goto(`${server.url}/library`);
    await ada.getByRole('button', { name: /Create New Playlist/ }).click();
    await ada.getByLabel('Name').fill('Ada only');
    await ada.getByRole('button', { name: 'Launch' }).click();
    await ada.getByRole('button', { name: 'Ada only', exact: true }).waitFor();

    issuer.setLogin(GRACE);
    const { context, page: grace, user } = await signedInPage(browser, server.url);
    contexts.push(context);
    expect(user.name).toBe('Grace Hopper');
    await grace.goto(`${server.url}/favorites`);
    await grace.getByText('No favorites found, add songs').waitFor();
    await grace.goto(`${server.url}/library`);
    await grace.getByRole('heading', { name: 'Your Library' }).waitFor();
    expect(await grace.getByRole('list', { name: 'Your playlists' }).count()).toBe(0);
    expect((await listAsPage(grace, 'Favorite')).total).toBe(0);
    expect((await listAsPage(grace, 'Playlist')).total).toBe(0);
    expect((await listAsPage(ada, 'Playlist')).documents.map((d) => d.name)).toContain('Ada only');
  });

  it('signed out, each account action prompts to sign in, and Sign in goes to /profile', async () => {
    const { context, page } = await openPage(browser, server.url);
    contexts.push(context);
    await openPlayerOn(page, server.url, 0);
    const prompts: [string, string][] = [
      ['Add to favorites', 'Sign in to add to favorites'],
      ['Add to playlist', 'Sign in to add to playlist'],
      ['Download song', 'Sign in to download song'],
      ['Request video preview', 'Sign in for video previews'],
    ];
    for (const [button, message] of prompts) {
      await page.getByRole('button', { name: button }).click();
      await seeText(page, message);
    }
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('region', { name: 'Now playing' }).getByRole('button', { name: 'Add to favorites' }).click();
    await seeText(page, 'Sign in for favorites');
    await seeText(page, 'Click to sign in');
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    await page.waitForURL((u) => u.pathname === '/profile');
    await page.getByRole('button', { name: 'Report bugs or give feedback' }).click();
    await seeText(page, 'Sign in to send feedback');

    await page.goto(`${server.url}/library`);
    await page.getByRole('button', { name: /Create New Playlist/ }).click();
    await seeText(page, 'Sign in to create playlist');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/profile');

    await page.goto(`${server.url}/favorites`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { name: 'Favorites' }).count()).toBe(0);
  });

  it('suggestions: one per 10 minutes signed out, three per 5 minutes signed in', async () => {
    const { context, page } = await openPage(browser, server.url);
    contexts.push(context);
    await openPlayerOn(page, server.url, 0);
    const suggest = page.getByRole('button', { name: 'Song suggestions' });
    await suggest.click();
    await page.getByText(/added in queue!$|^All songs already in queue$|^No suggestions found$/).first().waitFor();
    await page.getByRole('button', { name: 'Next song' }).click();
    await suggest.click();
    await seeText(page, 'Login to get more suggestions, try again after 10 mins');

    const ada = await asAda();
    await openPlayerOn(ada, server.url, 0);
    // Three used within the last 5 minutes on this device.
    await ada.evaluate(() => {
      const now = Date.now();
      localStorage.setItem('suggestionsRateLimit', JSON.stringify({ attempts: 3, firstAttempt: now - 1000, resetTime: now + 299_000 }));
    });
    await ada.getByRole('button', { name: 'Song suggestions' }).click();
    await seeText(ada, 'Rate limit exceeded, try after 5 mins');
  });
});
