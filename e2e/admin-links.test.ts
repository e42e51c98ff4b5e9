/**
 * Admin's 'Public links' (SPEC#admin-public-links), in Debian Chromium against the built server on a private
 * server (ACCESS=private): the administrator and an invited listener each make a public link to the same album.
 * The administrator's list shows both, each button named after its own link (whose it is), changes the
 * listener's link's expiry (the listener's own list then says so) and revokes their own; the listener's link
 * stays, and is named by its album alone again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { musicSubset, useServerAndBrowser } from './harness.js';
import { claimServerAndSignIn } from './signed-in-helpers.js';

const rig = useServerAndBrowser(() => ({ musicDir: musicSubset(2), env: { ACCESS: 'private' }, waitForTracks: false }));
const WAIT = { timeout: 30_000 };
const HEADERS = { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' };

interface Link {
  id: string;
  expires: string | null;
}

/** Makes a public link to album `id` as the page's account. */
const makeLink = (page: Page, id: string) =>
  page.evaluate(async (id) => {
    const res = await fetch('/subsonic/shares', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) });
    if (res.status !== 201) throw new Error(`making a link answered ${res.status}`);
    return (await res.json()) as Link;
  }, id);

describe("Admin's 'Public links'", () => {
  it("changes another account's link's expiry and revokes a link, each button named after its own link", async () => {
    const admin = await rig.open('/', { width: 1440, height: 900 });
    await claimServerAndSignIn(admin);
    let album: { id: string; name: string } | undefined;
    await expect
      .poll(
        async () => {
          const body = await admin.evaluate(async () => (await fetch('/api/library/albums?limit=1')).json() as Promise<{ data?: { results?: { id: string; name: string }[] } }>);
          album = body.data?.results?.[0];
          return album !== undefined;
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe(true);
    const { id, name } = album!;

    // Ben, invited, signs up and in, and makes a link to the album; so does the administrator.
    const invitation = await admin.evaluate(async (headers) => {
      const res = await fetch('/v1/admin/invitations', { method: 'POST', headers, body: '{}' });
      return new URL(((await res.json()) as { link: string }).link).searchParams.get('invitation')!;
    }, HEADERS);
    const benContext = await rig.browser.newContext();
    try {
      const ben = await benContext.newPage();
      await ben.goto(rig.server.url);
      const status = await ben.evaluate(
        async ({ headers, invitation }) => {
          const who = { email: 'ben@example.org', password: 'correct horse battery' };
          const made = await fetch('/v1/account', { method: 'POST', headers, body: JSON.stringify({ userId: 'unique()', name: 'Ben', ...who, invitation }) });
          const session = await fetch('/v1/account/sessions/email', { method: 'POST', credentials: 'include', headers, body: JSON.stringify(who) });
          return [made.status, session.status];
        },
        { headers: HEADERS, invitation },
      );
      expect(status).toEqual([201, 201]);
      const bens = await makeLink(ben, id);
      await makeLink(admin, id);

      await admin.goto(`${rig.server.url}/admin`);
      const card = admin.getByRole('region', { name: 'Public links' });
      await card.getByText('Made by ben@example.org', { exact: false }).waitFor(WAIT);
      const buttons = await card.getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      const subject = (owner: string) => `the link to ${name} by ${owner}`;
      expect(buttons).toEqual([
        `Copy ${subject('ben@example.org')}`,
        `Change the expiry of ${subject('ben@example.org')}`,
        `Revoke ${subject('ben@example.org')}`,
        `Copy ${subject('ada@example.org')}`,
        `Change the expiry of ${subject('ada@example.org')}`,
        `Revoke ${subject('ada@example.org')}`,
      ]);

      // The administrator gives Ben's link a day to live; Ben's own list reads the new expiry.
      expect(bens.expires).toBeNull();
      await card.getByRole('button', { name: `Change the expiry of ${subject('ben@example.org')}`, exact: true }).click();
      await card.getByLabel('New expiry').selectOption({ label: 'In 1 day' });
      await card.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.getByText('Expiry changed').waitFor(WAIT);
      const benRow = card.getByRole('listitem').filter({ hasText: 'Made by ben@example.org' });
      await benRow.getByText(/^Expires .* · opened 0 times$/).waitFor(WAIT);
      const benSees = await ben.evaluate(async () => ((await (await fetch('/subsonic/shares', { credentials: 'include' })).json()) as { shares: Link[] }).shares);
      expect(benSees).toEqual([expect.objectContaining({ id: bens.id, expires: expect.any(String) })]);

      // The administrator revokes their own link; Ben's stays and is named by its album alone.
      await card.getByRole('button', { name: `Revoke ${subject('ada@example.org')}`, exact: true }).click();
      await card.getByRole('button', { name: 'Revoke link', exact: true }).click();
      await admin.getByText('Public link revoked').waitFor(WAIT);
      await card.getByRole('button', { name: `Revoke the link to ${name}`, exact: true }).waitFor(WAIT);
      expect(await card.getByText('Made by ada@example.org', { exact: false }).count()).toBe(0);
    } finally {
      await benContext.close();
    }
  }, 300_000);
});
