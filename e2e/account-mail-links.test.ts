/**
 * Accounts a self-hoster can trust: the links the server mails, in Debian
 * Chromium against the built server with a real SMTP server on loopback
 * (SMTP_URL). Verifying an email from the mail's link, a forgotten password
 * reset from the mail's link, and a mailed sign-in link.
 */
import { describe, expect, it } from 'vitest';
import { linkIn } from './account-inbox.js';
import { alertText, logOut, useAccountRig } from './account-rig.js';
import { seeText, storedUser } from './signed-in-helpers.js';

const { inbox, rig, signUp, signIn } = useAccountRig();

describe('email verification', () => {
  it('sends a verification mail from Profile; its link verifies the email and says so', async () => {
    const page = await rig.open('/profile');
    await signUp(page, 'Vera Mail', 'vera@example.com', 'vera password 1');
    const security = page.getByRole('region', { name: 'Sign-in and security' });
    await security.getByText('Not verified').waitFor();

    const before = inbox.mails.length;
    await security.getByRole('button', { name: 'Send verification link' }).click();
    await seeText(page, 'We sent a link to vera@example.com. Open it to verify your email.');
    const mail = await inbox.waitFor('vera@example.com', before);
    expect(mail.from?.text).toContain('music@lyra.example');
    const link = linkIn(mail, rig.server.url, '/verify');
    expect(link.searchParams.get('userId')).toBe((await storedUser(page))!.$id);
    expect(link.searchParams.get('secret')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await page.goto(link.href);
    await seeText(page, 'Your email is verified. Thank you!');
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await security.getByText('Verified', { exact: true }).waitFor();
    expect(await security.getByText('Not verified').count()).toBe(0);

    // The secret works once.
    await page.goto(link.href);
    await seeText(page, 'This link has expired or was already used. Send a new one from your profile.');
  });

  it('a /verify visit without userId and secret says the link is incomplete', async () => {
    // Both mail-link pages are the app's own routes, not its 404.
    for (const path of ['/verify?userId=abc', '/recovery?userId=abc&secret=s']) expect((await fetch(`${rig.server.url}${path}`)).status, path).toBe(200);
    const page = await rig.open('/verify?userId=abc');
    await seeText(page, 'This link is incomplete. Send a new one from your profile.');
  });
});

describe('forgotten password', () => {
  it('mails a reset link; the link sets a new password; the old one fails and the new one works', async () => {
    const page = await rig.open('/profile');
    await signUp(page, 'Rhea Set', 'rhea@example.com', 'old password 1');
    await logOut(page);

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    const before = inbox.mails.length;
    await page.getByLabel('Email').fill('rhea@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await seeText(page, 'If an account uses rhea@example.com, a link to reset its password is on its way. Check your inbox.');
    const link = linkIn(await inbox.waitFor('rhea@example.com', before), rig.server.url, '/recovery');
    expect(link.searchParams.get('secret')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await page.goto(link.href);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('new password 2');
    await page.getByLabel('Repeat new password').fill('new password 3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    expect(await alertText(page)).toBe("The passwords don't match");
    await page.getByLabel('Repeat new password').fill('new password 2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await seeText(page, 'Your password is changed. Sign in with your new password.');

    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await signIn(page, 'rhea@example.com', 'old password 1');
    await page.getByRole('dialog').getByRole('alert').waitFor();
    expect(await storedUser(page)).toBeNull();
    await page.getByLabel('Password').fill('new password 2');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'LogOut' }).waitFor();
    expect(await storedUser(page)).toMatchObject({ email: 'rhea@example.com' });

    // The link works once.
    await page.goto(link.href);
    await page.getByLabel('New password', { exact: true }).fill('third password 4');
    await page.getByLabel('Repeat new password').fill('third password 4');
    await page.getByRole('button', { name: 'Set new password' }).click();
    expect(await alertText(page)).toBe('This link has expired or was already used. Ask for a new one with "Forgot password?" on the sign-in screen.');
  });
});

describe('sign-in link', () => {
  it('mails a link that signs the listener in without a password', async () => {
    const page = await rig.open('/profile');
    await signUp(page, 'Lena Link', 'lena@example.com', 'lena password 1');
    await logOut(page);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    const before = inbox.mails.length;
    await page.getByLabel('Email', { exact: true }).fill('lena@example.com');
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await seeText(page, 'A sign-in link is on its way to lena@example.com. Open it on this device.');
    const link = linkIn(await inbox.waitFor('lena@example.com', before), rig.server.url, '/callback');
    await page.goto(link.href);
    await page.waitForURL((u) => u.pathname === '/');
    await page.waitForFunction(() => localStorage.getItem('User') != null);
    expect(await storedUser(page)).toMatchObject({ name: 'Lena Link', email: 'lena@example.com' });
  });
});
