/**
 * Accounts a self-hoster can trust, in Debian Chromium against the built
 * server with a real SMTP server on loopback (SMTP_URL): verifying an email
 * from the mail's link, a forgotten password reset from the mail's link,
 * two-factor sign-in with an authenticator app (codes computed here with the
 * same TOTP rules) and recovery codes, a mailed sign-in link, the
 * Profile's password and email changes, devices and activity, a JWT standing
 * for the session, and deactivating the account. Page scripts reach the
 * backend through the official SDK as the app ships it (its sdk-*.js chunk).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Account, Client, Databases } from 'appwrite';
import jsQRModule from 'jsqr';
import { TOTP, URI } from 'otpauth';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startInbox, type Inbox } from './account-inbox.js';
import { REPO_ROOT, useServerAndBrowser } from './harness.js';
import { documentsPath, seeText, storedUser } from './signed-in-helpers.js';

let inbox: Inbox;
beforeAll(async () => {
  inbox = await startInbox();
});
afterAll(async () => {
  await inbox?.close();
});
// jsqr is CommonJS: its function is the default import at run time, `.default` to TypeScript.
const jsQR = (typeof jsQRModule === 'function' ? jsQRModule : jsQRModule.default) as typeof jsQRModule.default;

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

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'LogOut' }).click();
  await page.getByRole('heading', { name: 'Your Music, Your Favorites, Your Way!' }).waitFor();
}

const alertText = async (page: Page) => (await page.getByRole('alert').first().textContent())?.trim();

/** The SDK's classes a page script uses, found by their methods in the app's own sdk-*.js chunk (names are minified). */
interface PageSdk {
  Client: typeof Client;
  Account: typeof Account;
  Databases: typeof Databases;
  /** What a call answered: its result, or the AppwriteException's code and type. */
  outcome<T>(call: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: number; type: string }>;
}
type PageWithSdk = typeof globalThis & { lyraSdk: PageSdk };

/** Loads the app's SDK chunk into the page (the module the app itself runs) as `globalThis.lyraSdk`. */
async function useAppSdk(page: Page): Promise<void> {
  const chunk = readdirSync(join(REPO_ROOT, 'apps/web/dist/assets')).find((f) => /^sdk-[\w-]+\.js$/.test(f));
  if (!chunk) throw new Error('No sdk-*.js chunk in apps/web/dist/assets');
  // A string, so the test runner does not rewrite the page's import() as its own.
  await page.evaluate(`import(${JSON.stringify(`/assets/${chunk}`)}).then((m) => { globalThis.lyraSdkModule = m; })`);
  await page.evaluate(() => {
    const mod = (globalThis as typeof globalThis & { lyraSdkModule: Record<string, unknown> }).lyraSdkModule;
    const classes = Object.values(mod).filter((v): v is { prototype: Record<string, unknown> } => typeof v === 'function');
    const having = (...methods: string[]) => classes.find((c) => methods.every((m) => typeof c.prototype[m] === 'function'));
    (globalThis as PageWithSdk).lyraSdk = {
      Client: having('setEndpoint', 'setJWT'),
      Account: having('createJWT', 'updateStatus'),
      Databases: having('listDocuments', 'createDocument'),
      outcome: (call: Promise<unknown>) =>
        call.then(
          (value) => ({ ok: true, value }),
          (e: { code: number; type: string }) => ({ ok: false, code: e.code, type: e.type }),
        ),
    } as unknown as PageSdk;
  });
}

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

describe('two-factor sign-in', () => {
  it('turns on with the QR code key, asks for the code at sign-in (a wrong one is refused), takes a recovery code once, and turns off', async () => {
    const page = await rig.open('/profile');
    await signUp(page, 'Otto Key', 'otto@example.com', 'otto password 1');
    const security = page.getByRole('region', { name: 'Sign-in and security' });
    await security.getByText('Two-factor is off').waitFor();
    await security.getByRole('button', { name: 'Turn on two-factor' }).click();

    const qr = security.getByRole('img', { name: 'QR code to add this account to an authenticator app' });
    await qr.waitFor();
    // The QR code holds the otpauth:// address an authenticator app reads; the key beside it is its secret.
    const src = (await qr.getAttribute('src'))!;
    expect(src).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(src.split(',')[1]!, 'base64'));
    const scanned = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!.data;
    expect(scanned).toMatch(/^otpauth:\/\/totp\//);
    const totp = URI.parse(scanned);
    if (!(totp instanceof TOTP)) throw new Error(`Not a TOTP address: ${scanned}`);
    expect(totp.label).toBe('otto@example.com');
    const key = (await security.getByLabel('Set-up key', { exact: true }).textContent())!.replace(/\s+/g, '');
    expect(key).toBe(totp.secret.base32);

    // A wrong code does not turn it on.
    const wrong = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    await security.getByLabel('6-digit code from the app').fill(wrong(totp.generate()));
    await security.getByRole('button', { name: 'Turn on', exact: true }).click();
    expect(await alertText(page)).toBe("That code didn't work. Check it and try again.");

    await security.getByLabel('6-digit code from the app').fill(totp.generate());
    await security.getByRole('button', { name: 'Turn on', exact: true }).click();
    const codesList = security.getByRole('list', { name: 'Recovery codes' });
    await codesList.waitFor();
    const codes = (await codesList.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(codes.length).toBeGreaterThanOrEqual(6);
    expect(new Set(codes).size).toBe(codes.length);
    await security.getByRole('button', { name: 'I saved my codes' }).click();
    await security.getByText('Two-factor is on').waitFor();
    await logOut(page);

    // Sign-in now asks for the app's code.
    await signIn(page, 'otto@example.com', 'otto password 1');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Two-factor check' }).waitFor();
    expect(await storedUser(page)).toBeNull();
    await dialog.getByLabel('Authentication code').fill(wrong(totp.generate()));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe("That code didn't work. Check it and try again.");
    expect(await storedUser(page)).toBeNull();
    await dialog.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'LogOut' }).waitFor();
    expect(await storedUser(page)).toMatchObject({ email: 'otto@example.com' });
    await logOut(page);

    // A recovery code instead, once.
    await signIn(page, 'otto@example.com', 'otto password 1');
    await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await dialog.getByLabel('Recovery code').fill(codes[0]!);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'LogOut' }).waitFor();
    await logOut(page);
    await signIn(page, 'otto@example.com', 'otto password 1');
    await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await dialog.getByLabel('Recovery code').fill(codes[0]!);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe("That code didn't work. Check it and try again.");
    await dialog.getByLabel('Recovery code').fill(codes[1]!);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'LogOut' }).waitFor();

    // A mailed sign-in link also asks for the code, on Profile.
    await logOut(page);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    const before = inbox.mails.length;
    await page.getByLabel('Email', { exact: true }).fill('otto@example.com');
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    const link = linkIn(await inbox.waitFor('otto@example.com', before), rig.server.url, '/callback');
    await page.goto(link.href);
    await page.waitForURL((u) => u.pathname === '/profile');
    await dialog.getByRole('heading', { name: 'Two-factor check' }).waitFor();
    expect(await storedUser(page)).toBeNull();
    await dialog.getByLabel('Authentication code').fill(totp.generate());
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'LogOut' }).waitFor();
    expect(await storedUser(page)).toMatchObject({ email: 'otto@example.com' });

    // Off again: the password alone signs in.
    await security.getByRole('button', { name: 'Turn off two-factor' }).click();
    await security.getByRole('button', { name: 'Turn off', exact: true }).click();
    await security.getByText('Two-factor is off').waitFor();
    await logOut(page);
    await signIn(page, 'otto@example.com', 'otto password 1');
    await page.getByRole('button', { name: 'LogOut' }).waitFor();
  });
});

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

describe('JWT', () => {
  it('a JWT from account.createJWT() stands for the session as X-Appwrite-JWT on /v1/account and on documents, until the session ends', async () => {
    const page = await rig.open('/profile');
    await signUp(page, 'Jay Token', 'jay@example.com', 'jay password 1');
    const me = (await storedUser(page))!;
    await useAppSdk(page);
    const { jwt } = await page.evaluate(() => {
      const { Client, Account } = (globalThis as PageWithSdk).lyraSdk;
      return new Account(new Client().setEndpoint(`${location.origin}/v1`).setProject('lyra')).createJWT();
    });
    expect(jwt.split('.')).toHaveLength(3);

    // Another browser, with no cookie and no stored session: only the JWT says who it is.
    const other = await rig.browser.newContext();
    try {
      const device = await other.newPage();
      const sent: { path: string; headers: Record<string, string> }[] = [];
      // A request still in flight when the context closes has no headers to read any more: it is left out.
      other.on('request', (r) =>
        void r.allHeaders().then(
          (headers) => sent.push({ path: new URL(r.url()).pathname, headers }),
          () => {},
        ),
      );
      await device.goto(`${rig.server.url}/`);
      await useAppSdk(device);
      const [, , , databaseId, , collectionId] = documentsPath('Favorite').split('/');
      const ask = (token: string) =>
        device.evaluate(
          async ({ token, databaseId, collectionId, userId }) => {
            const { Client, Account, Databases, outcome } = (globalThis as PageWithSdk).lyraSdk;
            const client = new Client().setEndpoint(`${location.origin}/v1`).setProject('lyra');
            if (token) client.setJWT(token);
            const db = new Databases(client);
            const created = await outcome(db.createDocument({ databaseId: databaseId!, collectionId: collectionId!, documentId: 'unique()', data: { userId, songId: 'song-by-jwt' } }));
            return {
              account: await outcome(new Account(client).get()),
              created: created.ok ? created.value.$permissions : created,
              listed: await outcome(db.listDocuments({ databaseId: databaseId!, collectionId: collectionId! }).then((l) => l.documents.map((d) => d.songId as string))),
            };
          },
          { token, databaseId, collectionId, userId: me.$id },
        );

      const withJwt = await ask(jwt);
      expect(withJwt.account).toMatchObject({ ok: true, value: { $id: me.$id, email: 'jay@example.com' } });
      expect(withJwt.created).toEqual(expect.arrayContaining([`read("user:${me.$id}")`]));
      expect(withJwt.listed).toEqual({ ok: true, value: ['song-by-jwt'] });
      const jwtCalls = () => sent.filter((r) => r.headers['x-appwrite-jwt'] === jwt);
      await expect
        .poll(() => jwtCalls().map((r) => r.path))
        .toEqual(expect.arrayContaining(['/v1/account', `/v1/databases/${databaseId}/collections/${collectionId}/documents`]));
      for (const call of jwtCalls()) expect(call.headers.cookie, call.path).toBeUndefined();

      const withoutJwt = await ask('');
      expect(withoutJwt.account).toEqual({ ok: false, code: 401, type: 'general_unauthorized_scope' });
      expect(withoutJwt.listed).toEqual({ ok: true, value: [] });

      // The JWT names the session: signing out there ends it.
      await logOut(page);
      const afterSignOut = await ask(jwt);
      expect(afterSignOut.account).toEqual({ ok: false, code: 401, type: 'general_unauthorized_scope' });
    } finally {
      await other.close();
    }
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
