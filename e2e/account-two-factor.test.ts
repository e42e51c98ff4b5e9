/**
 * Two-factor sign-in, in Debian Chromium against the built server with a real
 * SMTP server on loopback (SMTP_URL): turned on from Profile with an
 * authenticator app (codes computed here with the same TOTP rules, the key
 * read from the QR code), recovery codes, a mailed sign-in link that still
 * asks for the code, and turned off again.
 */
import jsQRModule from 'jsqr';
import { TOTP, URI } from 'otpauth';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { linkIn } from './account-inbox.js';
import { alertText, logOut, useAccountRig } from './account-rig.js';
import { storedUser } from './signed-in-helpers.js';

const { inbox, rig, signUp, signIn } = useAccountRig();

// jsqr is CommonJS: its function is the default import at run time, `.default` to TypeScript.
const jsQR = (typeof jsQRModule === 'function' ? jsQRModule : jsQRModule.default) as typeof jsQRModule.default;

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
