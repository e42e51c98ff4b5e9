/**
 * Renaming a playlist, in Debian Chromium against the built server with a real
 * OpenID Connect provider on loopback: one device (a phone, 390x844) renames
 * the listener's playlist online and then with no network; the other (a
 * desktop, 1440x900, open on Library all along) shows each new name over
 * realtime, without a reload; the server has the last name once the phone is
 * back online.
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
const serverNames = async (page: Page) => (await listAsPage(page, 'Playlist')).documents.map((d) => d.name);

async function rename(page: Page, name: string) {
  await page.getByRole('button', { name: 'Rename' }).click();
  const field = page.getByRole('dialog', { name: 'Rename playlist' }).getByLabel('Name');
  await field.fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

describe('renaming a playlist', () => {
  it('online and then offline: the name changes at once, reaches the server (offline: once back online) and the other device over realtime', async () => {
    const phone = await device({ width: 390, height: 844 });
    await phone.page.goto(`${server.url}/library`);
    await phone.page.getByRole('button', { name: /Create New Playlist/ }).click();
    await phone.page.getByLabel('Name').fill('Morning');
    await phone.page.getByRole('button', { name: 'Launch' }).click();
    await playlistsOf(phone.page).getByRole('button', { name: 'Morning', exact: true }).click();
    await phone.page.getByRole('heading', { name: 'Morning', level: 1 }).waitFor();

    const desktop = await device({ width: 1440, height: 900 });
    const subscribed = subscribedToPlaylists(desktop.page);
    await desktop.page.goto(`${server.url}/library`);
    await subscribed;
    await playlistsOf(desktop.page).getByRole('button', { name: 'Morning', exact: true }).waitFor();
    const marker = await desktop.page.evaluate(() => ((window as unknown as { loadedOnce: number }).loadedOnce = Math.random()));

    await rename(phone.page, 'Morning run');
    await seeText(phone.page, 'playlist renamed');
    expect(await serverNames(phone.page)).toEqual(['Morning run']);
    await playlistsOf(desktop.page).getByRole('button', { name: 'Morning run', exact: true }).waitFor({ timeout: 15_000 });

    await phone.context.setOffline(true);
    await rename(phone.page, 'Evening run');
    await seeText(phone.page, 'You are offline: it will be renamed when you are back online.');
    // Library on this device has the new name too.
    await phone.page.getByRole('link', { name: 'Library' }).first().click();
    await playlistsOf(phone.page).getByRole('button', { name: 'Evening run', exact: true }).waitFor();
    expect(await serverNames(desktop.page)).toEqual(['Morning run']);

    await phone.context.setOffline(false);
    await expect.poll(() => serverNames(desktop.page), { timeout: 30_000 }).toEqual(['Evening run']);
    await playlistsOf(desktop.page).getByRole('button', { name: 'Evening run', exact: true }).waitFor({ timeout: 15_000 });
    // The desktop never reloaded: both names arrived over realtime.
    expect(await desktop.page.evaluate(() => (window as unknown as { loadedOnce?: number }).loadedOnce)).toBe(marker);
    expect(await phone.page.evaluate(() => localStorage.getItem('pendingPlaylistRenames'))).toBe('[]');
  });
});
