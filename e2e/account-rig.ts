/**
 * The set-up of the account end-to-end tests: a real SMTP server on loopback
 * (account-inbox.ts) that the built server mails through, Chromium, and the
 * Profile's sign-up, sign-in and sign-out as a listener does them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startInbox, type Inbox } from './account-inbox.js';
import { useServerAndBrowser } from './harness.js';

/** The inbox and the rig (useServerAndBrowser) of one test file, with the Profile's account steps on its server. */
export function useAccountRig() {
  const inbox = {} as Inbox;
  beforeAll(async () => {
    Object.assign(inbox, await startInbox());
  });
  afterAll(async () => {
    if ('close' in inbox) await inbox.close();
  });
  const rig = useServerAndBrowser(() => ({ waitForTracks: false, env: inbox.env }));

  async function signUp(page: Page, name: string, email: string, password: string): Promise<void> {
    await page.goto(`${rig.server.url}/profile`);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('button', { name: 'LogOut' }).waitFor();
  }

  /** Profile signed out → Login → email and password → Sign in (the dialog stays open when more is asked). */
  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${rig.server.url}/profile`);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  return { inbox, rig, signUp, signIn };
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'LogOut' }).click();
  await page.getByRole('heading', { name: 'Your Music, Your Favorites, Your Way!' }).waitFor();
}

export const alertText = async (page: Page) => (await page.getByRole('alert').first().textContent())?.trim();
