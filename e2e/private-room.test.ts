/**
 * A listening room on a private server (ACCESS=private), in Debian Chromium:
 * a visitor who is not signed in opens the room's link, joins it and hears
 * the room's song (the key joining gave them opens that song's details and
 * audio through the server's gate, and nothing else).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { musicSubset, useServerAndBrowser, waitForSongProgress } from './harness.js';
import { claimServerAndSignIn } from './signed-in-helpers.js';

const rig = useServerAndBrowser(() => ({ musicDir: musicSubset(1), env: { ACCESS: 'private' }, waitForTracks: false }));

/** The song the page's audio plays, while it plays. */
const playing = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector('audio');
    return a && !a.paused ? (/\/media\/([^/]+)\//.exec(a.currentSrc || a.src)?.[1] ?? null) : null;
  });

describe('a listening room on a private server', () => {
  it("a visitor who is not signed in joins with the link and hears the room's song", async () => {
    const host = await rig.open('/', { width: 1280, height: 800 });
    // The server's first account (it claims the server, so no invitation is asked), then signed in.
    await claimServerAndSignIn(host);
    await host.goto(rig.server.url);
    const row = host.locator('[data-song-id]').first();
    await row.waitFor({ timeout: 60_000 });
    const songId = (await row.getAttribute('data-song-id'))!;
    await row.click();
    await waitForSongProgress(host, songId);
    await host.getByRole('button', { name: 'Start a listening room' }).click();
    const link = await host.getByRole('textbox', { name: 'Room link' }).inputValue({ timeout: 60_000 });

    // A visitor in a browser of their own: the room's page, not the sign-in.
    const context = await rig.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const guest = await context.newPage();
      await guest.goto(link);
      await guest.getByLabel('Your name').fill('Zoe');
      await guest.getByRole('button', { name: 'Join the room' }).click();
      await expect.poll(() => playing(guest), { timeout: 60_000 }).toBe(songId);
      await guest.getByRole('list', { name: 'Room queue' }).getByRole('listitem').first().waitFor({ timeout: 30_000 });
      expect(await guest.getByText('Sign in to listen on this server').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 300_000);
});
