/**
 * A playlist's description, in Debian Chromium against the built server with a real OpenID
 * Connect provider on loopback: a phone (390x844) creates a playlist with a description and
 * changes it online and then with no network; a desktop (1440x900), open on the playlist all
 * along, shows each description under the title over realtime, without a reload; the server
 * has the last one once the phone is back online.
 */
import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOidcIssuer, type OidcIssuer } from '../apps/server/src/backend/test/oidc-issuer.js';
import { launchChromium, startServer, type ServerHandle } from './harness.js';
import { listAsPage, seeText, signInWithOAuth } from './signed-in-helpers.js';

let issuer: OidcIssuer;
let server: ServerHandle;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  issuer = await startOidcIssuer({ login: { sub: 'ada-sub', email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' } });
  [server, browser] = await Promise.all([startServer({ env: issuer.env('google') }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await issuer?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function device(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'allow' });
  contexts.push(context);
  const page = await context.newPage();
  await signInWithOAuth(page, server.url);
  return { context, page };
}

/** Resolves once the page's realtime socket has the server's answer to a subscription that includes the playlists. */
function subscribedToPlaylists(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws: WebSocket) =>
      ws.on('framereceived', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { type: string; data?: { to?: string; subscriptions?: { channels: string[] }[] } };
        const channels = frame.type === 'response' && frame.data?.to === 'subscribe' ? (frame.data.subscriptions ?? []).flatMap((x) => x.channels) : [];
        if (channels.some((c) => c.includes('collections.Playlist.documents'))) resolve();
      }),
    );
  });
}

const playlistsOf = (page: Page) => page.getByRole('list', { name: 'Your playlists' });
const serverDescriptions = async (page: Page) => (await listAsPage(page, 'Playlist')).documents.map((d) => d.description ?? '');
/** The description under the playlist's title, as the listener sees it. */
const underTitle = (page: Page, description: string) =>
  page.getByRole('heading', { level: 1 }).locator('xpath=..').getByText(description, { exact: true });

async function describeAs(page: Page, description: string) {
  await page.getByRole('button', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename playlist' });
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await underTitle(page, description).waitFor();
}

describe("a playlist's description", () => {
  it('is given at creation, shows under the title, and changes online and offline on every device', async () => {
    const phone = await device({ width: 390, height: 844 });
    await phone.page.goto(`${server.url}/library`);
    await phone.page.getByRole('button', { name: /Create New Playlist/ }).click();
    const create = phone.page.getByRole('dialog', { name: 'Create Playlist' });
    await create.getByLabel('Name').fill('Morning');
    await create.getByLabel('Description').fill('Slow songs for the first coffee ☕ 朝');
    await create.getByText('35/300').waitFor();
    await create.getByRole('button', { name: 'Launch' }).click();
    await playlistsOf(phone.page).getByRole('button', { name: 'Morning', exact: true }).click();
    await underTitle(phone.page, 'Slow songs for the first coffee ☕ 朝').waitFor();
    expect(await serverDescriptions(phone.page)).toEqual(['Slow songs for the first coffee ☕ 朝']);

    const desktop = await device({ width: 1440, height: 900 });
    const subscribed = subscribedToPlaylists(desktop.page);
    await desktop.page.goto(`${server.url}/library`);
    await subscribed;
    await playlistsOf(desktop.page).getByRole('button', { name: 'Morning', exact: true }).click();
    await underTitle(desktop.page, 'Slow songs for the first coffee ☕ 朝').waitFor();
    const marker = await desktop.page.evaluate(() => ((window as unknown as { loadedOnce: number }).loadedOnce = Math.random()));

    await describeAs(phone.page, 'Upbeat, for the run');
    await seeText(phone.page, 'playlist updated');
    expect(await serverDescriptions(phone.page)).toEqual(['Upbeat, for the run']);
    await underTitle(desktop.page, 'Upbeat, for the run').waitFor({ timeout: 15_000 });

    await phone.context.setOffline(true);
    await describeAs(phone.page, 'Written on the train');
    await seeText(phone.page, 'You are offline: it will be updated when you are back online.');
    // A reload with no network still shows it (the device keeps it with the waiting name).
    await phone.page.reload();
    await phone.page.getByRole('heading', { name: 'Morning', level: 1 }).waitFor();
    await underTitle(phone.page, 'Written on the train').waitFor();
    expect(await serverDescriptions(desktop.page)).toEqual(['Upbeat, for the run']);

    await phone.context.setOffline(false);
    await expect.poll(() => serverDescriptions(desktop.page), { timeout: 30_000 }).toEqual(['Written on the train']);
    await underTitle(desktop.page, 'Written on the train').waitFor({ timeout: 15_000 });
    // The desktop never reloaded: both descriptions arrived over realtime.
    expect(await desktop.page.evaluate(() => (window as unknown as { loadedOnce?: number }).loadedOnce)).toBe(marker);
    await expect.poll(() => phone.page.evaluate(() => localStorage.getItem('pendingPlaylistRenames'))).toBe('[]');
  });
});
