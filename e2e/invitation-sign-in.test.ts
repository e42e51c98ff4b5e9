/**
 * Invited sign-ups through Google (SPEC#join-administrator-s-invitation), in Debian Chromium against
 * the built server taking invited sign-ups only (SIGNUPS=invite), with a real
 * OpenID Connect provider on loopback as its Google issuer: the first account
 * signs in with Google and administers; a newcomer without an invitation gets
 * no account; the holder of an invitation link is signed up by 'Continue with
 * Google'; the used-up link brings the next person back to it with the
 * server's refusal.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcIssuer, type OidcIssuer } from '../apps/server/src/backend/test/oidc-issuer.js';
import { launchChromium, openPage, startServer, type ServerHandle } from './harness.js';
import { signInWithOAuth, storedUser } from './signed-in-helpers.js';

let issuer: OidcIssuer;
let server: ServerHandle;
let browser: Browser;
const contexts: BrowserContext[] = [];
const WAIT = { timeout: 30_000 };
const ADA = { sub: 'ada-sub', email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' };
const GRACE = { sub: 'grace-sub', email: 'grace@example.com', email_verified: true, name: 'Grace Hopper' };
const HAL = { sub: 'hal-sub', email: 'hal@example.com', email_verified: true, name: 'Hal Late' };

beforeAll(async () => {
  issuer = await startOidcIssuer({ login: ADA });
  [server, browser] = await Promise.all([startServer({ env: { ...issuer.env('google'), SIGNUPS: 'invite' } }), launchChromium()]);
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
  await issuer?.close();
});

async function blank(): Promise<Page> {
  const { context, page } = await openPage(browser, 'about:blank');
  contexts.push(context);
  return page;
}

describe('invited sign-up through Google', () => {
  it('signs up the holder of an invitation link with Google, once, and no one without one', async () => {
    // The server's first account: Google signs it in without an invitation, as its administrator.
    const admin = await blank();
    expect(await signInWithOAuth(admin, server.url)).toMatchObject({ name: 'Ada Lovelace' });
    const link = await admin.evaluate(async () => {
      const fallback = localStorage.getItem('cookieFallback');
      const res = await fetch('/v1/admin/invitations', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', ...(fallback ? { 'X-Fallback-Cookies': fallback } : {}) },
        body: '{}',
      });
      return ((await res.json()) as { link: string }).link;
    });
    expect(new URL(link).pathname).toBe('/join');

    // Without an invitation, Google's newcomer comes back signed out.
    issuer.setLogin(GRACE);
    const stranger = await blank();
    await stranger.goto(`${server.url}/profile`);
    // The page starts on /profile: wait for the round trip through the provider and /callback, not the starting URL.
    const visited: string[] = [];
    stranger.on('framenavigated', (frame) => {
      if (frame === stranger.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await stranger.getByRole('button', { name: 'Login with Google' }).click();
    await expect.poll(() => visited.includes('/callback') && new URL(stranger.url()).pathname === '/profile', WAIT).toBe(true);
    await stranger.waitForLoadState();
    await stranger.getByRole('button', { name: 'Login with Google' }).waitFor(WAIT);
    expect(await storedUser(stranger)).toBeNull();

    // With the link, the same person is signed up and lands Home.
    const invited = await blank();
    await invited.goto(link);
    await invited.getByRole('button', { name: 'Continue with Google' }).click();
    await invited.waitForURL((u) => u.pathname === '/' && u.origin === server.url, WAIT);
    await invited.waitForFunction(() => localStorage.getItem('User') != null, null, WAIT);
    expect(await storedUser(invited)).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com' });

    // The link was for one sign-up: the next person is brought back to it with the server's words.
    issuer.setLogin(HAL);
    const late = await blank();
    await late.goto(link);
    await late.getByRole('button', { name: 'Continue with Google' }).click();
    await late.getByRole('alert').filter({ hasText: 'This invitation has already been used.' }).waitFor(WAIT);
    expect(await late.getByRole('alert').textContent()).toBe("This invitation has already been used. Ask the server's owner for a new one.");
    expect(new URL(late.url()).pathname).toBe('/join');
    expect(await storedUser(late)).toBeNull();
  });
});
