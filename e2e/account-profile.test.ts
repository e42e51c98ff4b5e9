/**
 * The Profile's account settings, in Debian Chromium against the built
 * server: password and email changes, signed-in devices and recent activity,
 * and deactivating the account (every session ends; page scripts check it
 * through the official SDK as the app ships it, its sdk-*.js chunk).
 */
import { describe, expect, it } from 'vitest';
import { useAppSdk, type PageWithSdk } from './account-page-sdk.js';
import { useAccountRig } from './account-rig.js';
import { seeText, storedUser } from './signed-in-helpers.js';

const { rig, signUp, signIn } = useAccountRig();

describe('Profile: password, email, devices and activity', () => {
  it('changes the password and the email, lists devices and signs out the others, and shows recent activity', async () => {
    const page = await rig.open('/profile');
    await signUp(page, 'Dee Vice', 'dee@example.com', 'dee password 1');
    const security = page.getByRole('region', { name: 'Sign-in and security' });

    // Password: the current one is checked.
    await security.getByRole('button', { name: 'Change password' }).click();
    await security.getByLabel('Current password').fill('not my password');
    await security.getByLabel('New password', { exact: true }).fill('dee password 2');
    await security.getByLabel('Repeat new password').fill('dee password 2');
    await security.getByRole('button', { name: 'Save password' }).click();
    await security.getByRole('alert').waitFor();
    await security.getByLabel('Current password').fill('dee password 1');
    await security.getByRole('button', { name: 'Save password' }).click();
    await seeText(page, 'Password changed');

    // Email: needs the (new) password.
    await security.getByRole('button', { name: 'Change email' }).click();
    await security.getByLabel('New email').fill('dee.new@example.com');
    await security.getByLabel('Current password').fill('dee password 1');
    await security.getByRole('button', { name: 'Save email' }).click();
    await security.getByRole('alert').waitFor();
    await security.getByLabel('Current password').fill('dee password 2');
    await security.getByRole('button', { name: 'Save email' }).click();
    await seeText(page, 'Your email is now dee.new@example.com');
    await security.getByText('dee.new@example.com').waitFor();
    expect(await storedUser(page)).toMatchObject({ email: 'dee.new@example.com' });

    // A second device signs in.
    const other = await rig.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const otherPage = await other.newPage();
      await otherPage.goto(`${rig.server.url}/profile`);
      await otherPage.getByRole('button', { name: 'Login', exact: true }).click();
      await otherPage.getByLabel('Email').fill('dee.new@example.com');
      await otherPage.getByLabel('Password').fill('dee password 2');
      await otherPage.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).click();
      await otherPage.getByRole('button', { name: 'LogOut' }).waitFor();

      await page.reload();
      const devices = page.getByRole('region', { name: 'Signed-in devices' });
      await expect.poll(() => devices.getByRole('listitem').count()).toBe(2);
      expect(await devices.getByText('This device').count()).toBe(1);
      expect(await devices.getByRole('listitem').first().textContent()).toContain('127.0.0.1');
      await devices.getByRole('button', { name: 'Sign out other devices' }).click();
      await seeText(page, 'Signed out of 1 other device');
      await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);
      expect(await devices.getByRole('button', { name: 'Sign out other devices' }).isDisabled()).toBe(true);

      // The other device's session is over.
      const status = await otherPage.evaluate(async () => {
        const fallback = localStorage.getItem('cookieFallback');
        const res = await fetch('/v1/account', { credentials: 'include', headers: { 'X-Appwrite-Project': 'lyra', ...(fallback ? { 'X-Fallback-Cookies': fallback } : {}) } });
        return res.status;
      });
      expect(status).toBe(401);
    } finally {
      await other.close();
    }

    const activity = page.getByRole('list', { name: 'Account activity' });
    await activity.waitFor();
    const entries = await activity.getByRole('listitem').allTextContents();
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.some((e) => e.startsWith('Signed in') && e.includes('Chrome') && e.includes('127.0.0.1'))).toBe(true);
  });
});

describe('deactivating the account', () => {
  it('Deactivate account in Profile ends every session: the app shows signed out, the next calls are 401, and sign-in says the account is blocked', async () => {
    const page = await rig.open('/profile');
    await signUp(page, 'Bea Block', 'bea@example.com', 'bea password 1');
    const other = await rig.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, 'bea@example.com', 'bea password 1');
      await otherPage.getByRole('button', { name: 'LogOut' }).waitFor();

      const section = page.getByRole('region', { name: 'Deactivate account' });
      await section.getByRole('button', { name: 'Deactivate account' }).click();
      const question = section.getByRole('group', { name: /^Deactivate your account\?/ });
      await question.getByRole('button', { name: 'Keep my account' }).click();
      expect(await section.getByRole('group').count()).toBe(0);
      await section.getByRole('button', { name: 'Deactivate account' }).click();
      await question.getByRole('button', { name: 'Deactivate', exact: true }).click();

      await seeText(page, 'Your account is deactivated');
      await page.getByRole('heading', { name: 'Your Music, Your Favorites, Your Way!' }).waitFor();
      expect(await storedUser(page)).toBeNull();

      // Both devices' sessions are gone: the SDK's next call is 401.
      for (const p of [page, otherPage]) {
        await useAppSdk(p);
        const answer = await p.evaluate(() => {
          const { Client, Account, outcome } = (globalThis as PageWithSdk).lyraSdk;
          return outcome(new Account(new Client().setEndpoint(`${location.origin}/v1`).setProject('lyra')).get());
        });
        expect(answer).toEqual({ ok: false, code: 401, type: 'general_unauthorized_scope' });
      }

      await signIn(page, 'bea@example.com', 'bea password 1');
      await page.getByRole('dialog').getByRole('alert').waitFor();
      expect(await page.getByRole('dialog').getByRole('alert').textContent()).toBe('The current user has been blocked.');
      expect(await storedUser(page)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
