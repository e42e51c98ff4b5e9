/**
 * Helpers for the signed-in end-to-end tests: sign-in through the real OAuth
 * token flow, SPEC toasts, and reading the backend as the page's user.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import schema from '../appwrite.json' with { type: 'json' };
import { afterAll, beforeAll } from 'vitest';
import { startOidcIssuer, type OidcIssuer } from '../apps/server/src/backend/test/oidc-issuer.js';
import { launchChromium, musicSubset, openPage, startServer, waitForSongProgress, type ServerHandle } from './harness.js';

/** The `/v1` documents path of a collection named in appwrite.json. */
export function documentsPath(name: string): string {
  const c = schema.collections.find((x) => x.name === name);
  if (!c) throw new Error(`appwrite.json declares no ${name} collection`);
  return `/v1/databases/${c.databaseId}/collections/${c.$id}/documents`;
}

/** Waits for a toast (or any text) to be on screen. */
export async function seeText(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout });
}

/** The cached account the app keeps under localStorage `User`. */
export const storedUser = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('User') ?? 'null') as { $id: string; name: string; email: string } | null);

/**
 * Profile → 'Login with Google' → the issuer on loopback signs its test
 * account in → /callback → Home, signed in.
 */
export async function signInWithOAuth(page: Page, serverUrl: string): Promise<{ $id: string; name: string; email: string }> {
  await page.goto(`${serverUrl}/profile`);
  await page.getByRole('button', { name: 'Login with Google' }).click();
  await page.waitForURL((u) => u.pathname === '/' && u.origin === serverUrl, { timeout: 30_000 });
  await page.waitForFunction(() => localStorage.getItem('User') != null);
  return (await storedUser(page))!;
}

/** A fresh browser context signed in as the issuer's current account. */
export async function signedInPage(browser: Browser, serverUrl: string): Promise<{ context: BrowserContext; page: Page; user: { $id: string; name: string } }> {
  const { context, page } = await openPage(browser, 'about:blank');
  const user = await signInWithOAuth(page, serverUrl);
  return { context, page, user };
}

/** Lists a collection's documents the page's user can read, through the backend's REST API as the SDK calls it. */
export function listAsPage(page: Page, collection: string, queries: string[] = []): Promise<{ total: number; documents: Record<string, unknown>[] }> {
  const path = documentsPath(collection);
  return page.evaluate(
    async ({ path, queries }) => {
      const qs = queries.map((q, i) => `queries%5B${i}%5D=${encodeURIComponent(q)}`).join('&');
      const fallback = localStorage.getItem('cookieFallback');
      const res = await fetch(`${path}${qs ? `?${qs}` : ''}`, {
        credentials: 'include',
        headers: { 'X-Appwrite-Project': 'lyra', ...(fallback ? { 'X-Fallback-Cookies': fallback } : {}) },
      });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      return (await res.json()) as { total: number; documents: Record<string, unknown>[] };
    },
    { path, queries },
  );
}

/**
 * Plays a Home song and opens the player on it: the `index`-th distinct song
 * listed, leaving out `skip` (Recent Plays moves played songs to the front),
 * or the song with id `index` when it is a string.
 */
export async function openPlayerOn(page: Page, serverUrl: string, index: number | string = 0, skip: readonly string[] = []): Promise<{ id: string; title: string }> {
  if (new URL(page.url()).pathname !== '/') await page.goto(serverUrl);
  await page.locator('[data-song-id]').first().waitFor();
  const ids = await page.locator('[data-song-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-song-id') ?? ''));
  const id = typeof index === 'string' ? index : [...new Set(ids)].filter((x) => !skip.includes(x))[index];
  if (!id) throw new Error(`Home does not list song ${String(index)}`);
  // Home's signed-in rows (Continue listening, Favorites, Most played) arrive on their own and move the rows
  // below them; a click aimed by position can land on the row that just moved in, so the click goes to the
  // song's own button, wherever it sits by then.
  await page.locator(`[data-song-id="${id}"]`).first().dispatchEvent('click');
  await waitForSongProgress(page, id);
  await page.getByRole('link', { name: /^Open player/ }).click();
  await page.waitForURL((u) => u.pathname === `/player/${id}`);
  const title = (await page.getByTestId('player-title').textContent())!;
  return { id, title };
}

/**
 * On a fresh server, makes its first account (which claims the server, so no invitation is asked) from the
 * page and signs in with it through the sign-in dialog.
 */
export async function claimServerAndSignIn(page: Page, account = { name: 'Ada', email: 'ada@example.org', password: 'correct horse battery' }): Promise<void> {
  const made = await page.evaluate(async (a) => {
    const body = { userId: 'unique()', ...a };
    const res = await fetch('/v1/account', { method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' }, body: JSON.stringify(body) });
    return res.status;
  }, account);
  if (made !== 201) throw new Error(`making the first account answered ${made}`);
  await page.getByRole('button', { name: 'Login', exact: true }).first().click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 30_000 });
}

/**
 * A test file's rig for one listener's devices: a real OpenID Connect provider on loopback signing in Ada, the built
 * server over `songsPerAlbum` songs of each demo album, and Chromium; `device()` is a new browser context signed in as
 * her. Everything is closed after the file.
 */
export function useSignedInDevices(songsPerAlbum: number): { readonly server: ServerHandle; device(): Promise<Page> } {
  let issuer: OidcIssuer | undefined;
  let server: ServerHandle | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    issuer = await startOidcIssuer({ login: { sub: 'ada-sub', email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' } });
    [server, browser] = await Promise.all([startServer({ musicDir: musicSubset(songsPerAlbum), env: issuer.env('google') }), launchChromium()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await browser?.close();
    await server?.stop();
    await issuer?.close();
  });
  return {
    get server() {
      return server!;
    },
    async device() {
      const { context, page } = await signedInPage(browser!, server!.url);
      contexts.push(context);
      return page;
    },
  };
}
