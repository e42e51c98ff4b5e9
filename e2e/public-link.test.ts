/**
 * A public link made in the web app on a private server (ACCESS=private), in Debian Chromium: the server's
 * first account opens an album, makes a public link capped at 96 kbps ('Make a public link'), and the link
 * is copied; a visitor who is not signed in opens it in a browser of their own and plays the album. The
 * listener then revokes it from Profile's 'Public links' on a phone-sized screen, and the visitor's link
 * is refused. Then a second listener, invited by the administrator, makes a link to the song playing from
 * the player screen's More options; the administrator finds it in Admin's 'Public links' and revokes it,
 * and the link no longer plays.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { musicSubset, useServerAndBrowser, waitForAudioProgress } from './harness.js';
import { claimServerAndSignIn, openPlayerOn } from './signed-in-helpers.js';

const rig = useServerAndBrowser(() => ({ musicDir: musicSubset(3), env: { ACCESS: 'private' }, waitForTracks: false }));

interface Album {
  id: string;
  name: string;
}

const ADA = { name: 'Ada', email: 'ada@example.org', password: 'correct horse battery' };
const WAIT = { timeout: 30_000 };

/** Signs in with the sign-in dialog. */
async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByRole('button', { name: 'Login', exact: true }).first().click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT });
}

describe('a public link made in the web app on a private server', () => {
  it('plays the album for a visitor who is not signed in, until the listener revokes it', async () => {
    const host = await rig.open('/', { width: 1440, height: 900 });
    await rig.context!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: rig.server.url });
    // The server's first account (it claims the server, so no invitation is asked), then signed in.
    await claimServerAndSignIn(host);

    let album: Album | undefined;
    await expect
      .poll(
        async () => {
          const body = await host.evaluate(async () => (await fetch('/api/library/albums?limit=1')).json() as Promise<{ data?: { results?: Album[] } }>);
          album = body.data?.results?.[0];
          return album !== undefined;
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe(true);
    await host.goto(`${rig.server.url}/album/${encodeURIComponent(album!.id)}`);
    await host.getByRole('heading', { level: 1, name: album!.name }).waitFor({ timeout: 60_000 });
    await host.getByRole('button', { name: 'Make a public link' }).click();
    const dialog = host.getByRole('dialog', { name: 'Make a public link' });
    await dialog.getByLabel('Quality').selectOption({ label: 'Basic (96 kbps)' });
    await dialog.getByRole('button', { name: 'Make link' }).click();
    await host.getByText('Public link copied to clipboard').waitFor({ timeout: 30_000 });
    const link = await dialog.getByRole('textbox', { name: 'Public link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${rig.server.url}/share/[A-Za-z0-9_-]+$`));
    expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // A visitor in a browser of their own, not signed in.
    const visitorContext = await rig.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(link);
      await visitor.getByRole('heading', { name: 'Shared with you' }).waitFor({ timeout: 30_000 });
      await visitor.getByRole('list', { name: 'Shared songs' }).getByRole('button').first().waitFor({ timeout: 30_000 });
      await visitor.getByRole('button', { name: 'Play', exact: true }).click();
      await waitForAudioProgress(visitor, 1, 0, 60_000);
      const tier = await visitor.evaluate(() => Number(/\/media\/[^/]+\/(\d+)\.mp4/.exec(document.querySelector('audio')!.src)?.[1]));
      expect(tier).toBeLessThanOrEqual(96);

      // The listener revokes it from Profile on a phone-sized screen.
      await host.keyboard.press('Escape');
      await host.setViewportSize({ width: 390, height: 844 });
      await host.goto(`${rig.server.url}/profile`);
      const links = host.getByRole('list', { name: 'Public links' });
      await links.getByText(album!.name, { exact: true }).waitFor({ timeout: 30_000 });
      const revoke = links.getByRole('button', { name: `Revoke the link to ${album!.name}` });
      await revoke.scrollIntoViewIfNeeded();
      const box = (await revoke.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await revoke.click();
      await host.getByRole('button', { name: 'Revoke link' }).click();
      await host.getByText('Public link revoked').waitFor({ timeout: 30_000 });
      await host.getByText('No public links yet.').waitFor();

      await visitor.reload();
      await visitor.getByText('This share link does not exist or was removed').waitFor({ timeout: 30_000 });
    } finally {
      await visitorContext.close();
    }
  }, 300_000);

  it("lets the administrator revoke another listener's link from Admin's 'Public links': it no longer plays", async () => {
    const admin = await rig.open('/', { width: 1440, height: 900 });
    // The server's first account: the test above made it (made here when this one runs alone; refused otherwise).
    await admin.evaluate(async (a) => {
      const body = { userId: 'unique()', ...a };
      await fetch('/v1/account', { method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' }, body: JSON.stringify(body) });
    }, ADA);
    await signIn(admin, ADA);
    const invitation = await admin.evaluate(async () => {
      const res = await fetch('/v1/admin/invitations', { method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' }, body: '{}' });
      return ((await res.json()) as { link: string }).link;
    });

    const benContext = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitorContext = await rig.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      // Ben signs up from the invitation, plays a song and makes a public link to it from the player's More options.
      await benContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: rig.server.url });
      const ben = await benContext.newPage();
      await ben.goto(invitation);
      await ben.getByLabel('Name').fill('Ben');
      await ben.getByLabel('Email').fill('ben@example.org');
      await ben.getByLabel('Password').fill('correct horse battery');
      await ben.getByRole('dialog').getByRole('button', { name: 'Create account' }).click();
      await ben.waitForURL((u) => u.pathname === '/', WAIT);
      const song = await openPlayerOn(ben, rig.server.url);
      await ben.getByRole('button', { name: 'More options' }).click();
      await ben.getByRole('menuitem', { name: 'Make a public link' }).click();
      const dialog = ben.getByRole('dialog', { name: 'Make a public link' });
      await dialog.getByText(`Anyone with the link can play ${song.title}, without an account, and nothing else.`).waitFor(WAIT);
      await dialog.getByRole('button', { name: 'Make link' }).click();
      const link = await dialog.getByRole('textbox', { name: 'Public link' }).inputValue(WAIT);
      expect(link).toMatch(new RegExp(`^${rig.server.url}/share/[A-Za-z0-9_-]+$`));

      // A visitor plays it.
      const visitor = await visitorContext.newPage();
      await visitor.goto(link);
      await visitor.getByRole('heading', { name: 'Shared with you' }).waitFor(WAIT);
      await visitor.getByRole('button', { name: 'Play', exact: true }).click();
      await waitForAudioProgress(visitor, 1, 0, 60_000);
      const media = await visitor.evaluate(() => document.querySelector('audio')!.src);
      // Asked of the server each time: a cached tier's answer may be kept by the browser for a day (max-age=86400).
      const fetchMedia = () =>
        visitor.evaluate(async (src) => (await fetch(src, { headers: { range: 'bytes=0-1' }, cache: 'no-store' })).status, media);
      // 200 while the song's first transcode is under way, 206 (the two bytes asked) once its tier is cached.
      expect([200, 206]).toContain(await fetchMedia());

      // The administrator sees Ben's link among every account's, and revokes it.
      await admin.goto(`${rig.server.url}/admin`);
      await admin.getByRole('heading', { name: 'Admin', exact: true }).waitFor(WAIT);
      const card = admin.getByRole('region', { name: 'Public links' });
      const row = card.getByRole('listitem').filter({ hasText: 'Made by ben@example.org' });
      await row.getByText(song.title, { exact: true }).waitFor(WAIT);
      await row.getByText(link, { exact: true }).waitFor();
      await row.getByRole('button', { name: `Revoke the link to ${song.title}` }).click();
      await row.getByRole('button', { name: 'Revoke link' }).click();
      await admin.getByText('Public link revoked').waitFor(WAIT);
      await expect.poll(() => row.count(), WAIT).toBe(0);

      // The link no longer opens, nor plays.
      await visitor.reload();
      await visitor.getByText('This share link does not exist or was removed').waitFor(WAIT);
      // A private server's gate lets the song through for a live link only.
      await expect.poll(fetchMedia, WAIT).toBe(401);
    } finally {
      await benContext.close();
      await visitorContext.close();
    }
  }, 300_000);
});
