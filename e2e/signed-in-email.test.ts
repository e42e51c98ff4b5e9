/**
 * Sign-in on a fresh self-hosted install without Google (DESIGN §6): the
 * Profile button offers email and password, sign-up signs the listener in,
 * LogOut signs out, and signing in again works; in Debian Chromium against
 * the built server.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, startServer, type ServerHandle } from './harness.js';
import { listAsPage, seeText, storedUser } from './signed-in-helpers.js';

let server: ServerHandle;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  // No music needed: sign-in only.
  [server, browser] = await Promise.all([startServer({ waitForTracks: false }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('email and password sign-in without Google', () => {
  it('signs up, stays signed in across a reload, logs out, and signs in again', async () => {
    const opened = await openPage(browser, `${server.url}/profile`);
    context = opened.context;
    const page = opened.page;
    expect(await page.getByRole('button', { name: 'Login with Google' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Mira Okafor');
    await page.getByLabel('Email').fill('mira@example.com');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('button', { name: 'LogOut' }).waitFor();
    expect(await storedUser(page)).toMatchObject({ name: 'Mira Okafor', email: 'mira@example.com' });
    expect(await page.getByRole('link', { name: 'Profile of Mira Okafor' }).textContent()).toBe('M');
    // The session is real: the backend answers as this user.
    expect((await listAsPage(page, 'Favorite')).total).toBe(0);

    await page.reload();
    await page.getByRole('button', { name: 'LogOut' }).waitFor();

    await page.getByRole('button', { name: 'LogOut' }).click();
    await page.getByRole('heading', { name: 'Your Music, Your Favorites, Your Way!' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('User'), localStorage.getItem('userExpiry')])).toEqual([null, null]);
    await page.getByRole('link', { name: 'Login' }).waitFor();

    // A wrong password is refused with the backend's message.
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByLabel('Email').fill('mira@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await storedUser(page)).toBeNull();

    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'LogOut' }).waitFor();
    expect(await storedUser(page)).toMatchObject({ email: 'mira@example.com' });
  });

  it('a /callback visit without userId and secret goes to /profile', async () => {
    const opened = await openPage(browser, `${server.url}/callback?userId=u1`);
    context = opened.context;
    await opened.page.waitForURL((u) => u.pathname === '/profile');
    await seeText(opened.page, 'Your Music, Your Favorites, Your Way!');
  });
});
