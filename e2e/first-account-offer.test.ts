/**
 * The first-account offer in tabs opened before someone else claimed the server, in Debian Chromium against the
 * built server (ACCESS=private: invited sign-ups only, the first account excepted). Two tabs open while the server
 * has no account; one opens the sign-up form. Then the first account is made elsewhere: the other tab's sign-in
 * dialog no longer offers 'Create an account', and the tab holding the form, refused with the server's invitation
 * message, shows the sign-in instead.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './harness.js';

const rig = useServerAndBrowser(() => ({ env: { ACCESS: 'private' }, waitForTracks: false }));
const WAIT = { timeout: 30_000 };
const NEEDS_INVITATION = 'Sign-ups on this server need an invitation. Ask its owner for an invitation link.';

describe('a tab opened while the server had no account', () => {
  it('stops offering the first account once someone else made it', async () => {
    const contexts: BrowserContext[] = [];
    const tab = async (): Promise<Page> => {
      const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(rig.server.url);
      await page.getByRole('button', { name: 'Login', exact: true }).first().waitFor(WAIT);
      return page;
    };
    try {
      const waiting = await tab();
      const signingUp = await tab();
      await signingUp.getByRole('button', { name: 'Login', exact: true }).first().click();
      await signingUp.getByRole('dialog').getByRole('button', { name: 'Create an account' }).click();
      await signingUp.getByRole('heading', { name: 'Create account' }).waitFor(WAIT);

      // Someone else makes the server's first account.
      const owner = await tab();
      const made = await owner.evaluate(async () => {
        const body = { userId: 'unique()', name: 'Ada', email: 'ada@example.org', password: 'correct horse battery' };
        const res = await fetch('/v1/account', { method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' }, body: JSON.stringify(body) });
        return res.status;
      });
      expect(made).toBe(201);

      // The waiting tab's dialog reads the server again as it opens.
      await waiting.getByRole('button', { name: 'Login', exact: true }).first().click();
      const dialog = waiting.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Email me a sign-in link' }).waitFor(WAIT);
      await expect.poll(() => dialog.getByRole('button', { name: 'Create an account' }).count(), WAIT).toBe(0);

      // The tab holding the form is refused, and learns it.
      const form = signingUp.getByRole('dialog');
      await form.getByLabel('Name').fill('Ben');
      await form.getByLabel('Email').fill('ben@example.org');
      await form.getByLabel('Password').fill('correct horse battery');
      await form.getByRole('button', { name: 'Create account' }).click();
      await signingUp.getByRole('heading', { name: 'Sign in' }).waitFor(WAIT);
      expect(await form.getByRole('alert').textContent()).toBe(NEEDS_INVITATION);
      expect(await form.getByRole('button', { name: 'Create an account' }).count()).toBe(0);
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  }, 180_000);
});
