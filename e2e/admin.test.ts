/**
 * Administration (SPEC#admin-server-s-administrators) on a private server taking invited sign-ups,
 * in Debian Chromium against the built server: the first account becomes the
 * administrator and sees Admin in the sidebar; it invites a second listener,
 * who signs up from the link; blocking them ends their session and closes
 * their realtime socket; the Library tab shows a rescan running, live. Once
 * the server has its first account, the sign-in offers no sign-up without an invitation.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, musicSubset, startServer, type ServerHandle } from './harness.js';

let server: ServerHandle;
let browser: Browser;
const contexts: BrowserContext[] = [];
const WAIT = { timeout: 30_000 };

beforeAll(async () => {
  // A private server: the catalogue's status is not public, so the harness waits for /config.json only.
  [server, browser] = await Promise.all([
    startServer({ musicDir: musicSubset(12), waitForTracks: false, env: { ACCESS: 'private' } }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

async function newPage(width: number, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('dialog').getByRole('button', { name: 'Create account' }).click();
}

describe('administration', () => {
  it('the first account administers: invites a listener, blocks them, and watches a rescan', async () => {
    // The owner makes the server's first account from the sign-in a private server shows.
    const admin = await newPage(1280, `${server.url}/`);
    await admin.getByRole('button', { name: 'Login' }).click(WAIT);
    await admin.getByRole('button', { name: 'Create an account' }).click();
    await signUp(admin, 'Ada Owner', 'ada@example.com');
    await admin.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Admin' }).click(WAIT);
    await admin.getByRole('heading', { name: 'Admin', exact: true }).waitFor(WAIT);

    // An invitation link for one sign-up.
    await admin.getByRole('button', { name: 'Create invitation link' }).click();
    const link = await admin.getByLabel('Invitation link').inputValue(WAIT);
    expect(new URL(link).pathname).toBe('/join');
    await admin.getByText('0 of 1 used', { exact: false }).waitFor(WAIT);

    // The invited listener signs up from the link on a phone.
    const guest = await newPage(412, link);
    await signUp(guest, 'Ben Guest', 'ben@example.com');
    await guest.waitForURL((u) => u.pathname === '/', WAIT);
    // Their realtime socket (the browser sends the session cookie).
    await guest.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/v1/realtime?project=lyra&channels[]=account`);
          (window as unknown as { closedWith: number | null }).closedWith = null;
          ws.onmessage = (m) => {
            if ((JSON.parse(String(m.data)) as { type: string }).type === 'connected') resolve();
          };
          ws.onclose = (e) => ((window as unknown as { closedWith: number }).closedWith = e.code);
          ws.onerror = () => reject(new Error('realtime did not open'));
        }),
    );
    const account = () => guest.evaluate(async () => (await fetch('/v1/account', { headers: { 'x-appwrite-project': 'lyra' } })).status);
    expect(await account()).toBe(200);

    // The administrator sees them, and blocks them.
    await admin.reload();
    const row = admin.getByRole('listitem', { name: 'Ben Guest' });
    await row.getByText('ben@example.com').waitFor(WAIT);
    await admin.getByText('Used up (1 of 1)').waitFor(WAIT);
    await row.getByRole('button', { name: 'Block' }).click();
    await row.getByText('Blocked', { exact: true }).waitFor(WAIT);
    await expect.poll(account, WAIT).toBe(401);
    await expect.poll(() => guest.evaluate(() => (window as unknown as { closedWith: number | null }).closedWith), WAIT).toBe(1008);
    // The private server's music is closed to them too (its gate remembers a verdict for up to 5 s).
    const catalogue = () => guest.evaluate(async () => (await fetch('/api/home/rows')).status);
    await expect.poll(catalogue, WAIT).toBe(401);

    // Library: a full rescan, shown while it runs and reported when done.
    await admin.getByRole('tab', { name: 'Library' }).click();
    await admin.getByRole('status').getByText('Idle').waitFor(WAIT);
    await admin.getByRole('button', { name: 'Full rescan' }).click();
    await admin.getByRole('status').getByText('Scanning…').waitFor(WAIT);
    await admin.getByRole('status').getByText('Idle').waitFor({ timeout: 120_000 });
    await admin.getByText('Full scan', { exact: false }).waitFor(WAIT);

    // Transcoding and storage: the ffmpeg this machine has, the cache, the video queue.
    await admin.getByRole('tab', { name: 'Transcoding and storage' }).click();
    await admin.getByText(/\/ffmpeg$/).waitFor(WAIT);
    await admin.getByText('Off on this server (VIDEO_WORKER=off)').waitFor(WAIT);

    // Server facts.
    await admin.getByRole('tab', { name: 'Server' }).click();
    await admin.getByText('PGlite (embedded)').waitFor(WAIT);

    // On a phone, the way to Admin is in Profile.
    await admin.setViewportSize({ width: 412, height: 900 });
    await admin.goto(`${server.url}/profile`);
    await admin.getByRole('link', { name: 'Admin' }).click(WAIT);
    await admin.getByRole('heading', { name: 'Admin', exact: true }).waitFor(WAIT);
  });

  it('hides Admin from a listener who is not an administrator and refuses the page', async () => {
    // An invitation made through the API by the administrator's session.
    const admin = await newPage(1280, `${server.url}/`);
    await admin.getByRole('button', { name: 'Login' }).click(WAIT);
    // The server has its first account now: without an invitation, the sign-in offers no sign-up.
    await admin.getByRole('dialog').getByRole('button', { name: 'Sign in' }).waitFor(WAIT);
    expect(await admin.getByRole('button', { name: 'Create an account' }).count()).toBe(0);
    await admin.getByLabel('Email').fill('ada@example.com');
    await admin.getByLabel('Password').fill('correct horse battery');
    await admin.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Admin' }).waitFor(WAIT);
    const link = await admin.evaluate(async () => {
      const res = await fetch('/v1/admin/invitations', { method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' }, body: '{}' });
      return ((await res.json()) as { link: string }).link;
    });

    const listener = await newPage(1280, link);
    await signUp(listener, 'Cy Listener', 'cy@example.com');
    await listener.waitForURL((u) => u.pathname === '/', WAIT);
    await listener.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Profile' }).waitFor(WAIT);
    expect(await listener.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await listener.goto(`${server.url}/admin`);
    await listener.getByText('Only an administrator of this server can open this page.').waitFor(WAIT);
    // The same link again: used up.
    const again = await newPage(412, link);
    await signUp(again, 'Dee', 'dee@example.com');
    await again.getByText('This invitation has already been used.', { exact: false }).waitFor(WAIT);
  });
});
