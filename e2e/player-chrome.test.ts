/**
 * The player's chrome in Debian Chromium against the built server: a
 * signed-in listener's Devices button (SPEC#devices-signed-every-open) lies inside the mini
 * player on a phone (390x844), beside the volume on the phone's player screen
 * and inside the desktop player bar (1440x900), and covers no other control;
 * the phone player's More options starts a listening room (SPEC#rooms-start-join),
 * whose page shows the Room link. With LYRA_SCREENSHOTS set to a
 * folder, each layout is saved there as a picture.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { devicesLayout } from './devices-layout.js';
import { musicSubset, useServerAndBrowser, waitForSongProgress } from './harness.js';

const rig = useServerAndBrowser(() => ({ musicDir: musicSubset(2) }));
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function signUp(page: Page) {
  await page.goto(`${rig.server.url}/profile`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('Ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'LogOut' }).waitFor({ timeout: 60_000 });
}

async function shot(page: Page, name: string) {
  if (process.env.LYRA_SCREENSHOTS) await page.screenshot({ path: join(process.env.LYRA_SCREENSHOTS, `player-chrome-${name}.png`) });
}

describe("the player's chrome", () => {
  it('the Devices button lies inside the mini player, the player screen and the player bar, covering nothing; More options starts a room', async () => {
    const page = await rig.open('/profile', PHONE);
    await signUp(page);

    // A phone: Home, a song playing, the mini player with the Devices button.
    await page.goto(rig.server.url);
    const row = page.locator('[data-song-id]').first();
    const id = (await row.getAttribute('data-song-id'))!;
    await row.click();
    await waitForSongProgress(page, id);
    const mini = page.getByRole('region', { name: 'Now playing' });
    await mini.getByRole('button', { name: 'Devices' }).waitFor({ timeout: 30_000 });
    await shot(page, 'phone-mini');
    await expect.poll(() => devicesLayout(page, 'Now playing'), { timeout: 30_000 }).toEqual({ inside: true, covered: [], overlapped: [] });
    await mini.getByRole('button', { name: 'Devices' }).click();
    await page.getByRole('button', { name: 'Play on this device' }).waitFor();
    await page.keyboard.press('Escape');

    // The phone's player screen: beside the volume.
    await page.getByRole('link', { name: /^Open player/ }).click();
    await page.waitForURL((u) => u.pathname === `/player/${id}`);
    await page.getByRole('button', { name: 'Devices' }).waitFor({ timeout: 30_000 });
    await shot(page, 'phone-player');
    await expect.poll(() => devicesLayout(page, null), { timeout: 30_000 }).toEqual({ inside: true, covered: [], overlapped: [] });

    // A desktop: in the player bar, beside the queue.
    await page.setViewportSize(DESKTOP);
    await page.goto(rig.server.url);
    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByRole('button', { name: 'Devices' }).waitFor({ timeout: 30_000 });
    await shot(page, 'desktop-bar');
    await expect.poll(() => devicesLayout(page, 'Player'), { timeout: 30_000 }).toEqual({ inside: true, covered: [], overlapped: [] });
    await bar.getByRole('button', { name: 'Start a listening room' }).waitFor();

    // Back on a phone, the player's More options starts a listening room.
    await page.setViewportSize(PHONE);
    await page.goto(`${rig.server.url}/player/${id}`);
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Start a listening room' }).click();
    const link = page.getByRole('textbox', { name: 'Room link' });
    await link.waitFor({ timeout: 60_000 });
    expect(await link.inputValue()).toMatch(new RegExp(`^${rig.server.url}/room/[0-9a-f]{32}$`));
    expect(new URL(page.url()).pathname).toMatch(/^\/room\/[0-9a-f]{32}$/);
    // The room's page: the Devices button stays in the mini player, and each queue row's Remove button, scrolled into view, is on top.
    await mini.getByRole('button', { name: 'Devices' }).waitFor({ timeout: 30_000 });
    await page.getByRole('list', { name: 'Room queue' }).getByRole('listitem').first().waitFor({ timeout: 30_000 });
    await shot(page, 'phone-room');
    await expect.poll(() => devicesLayout(page, 'Now playing'), { timeout: 30_000 }).toEqual({ inside: true, covered: [], overlapped: [] });
    const removes = page.getByRole('button', { name: /^Remove / });
    for (let i = 0; i < (await removes.count()); i++) {
      const remove = removes.nth(i);
      await remove.scrollIntoViewIfNeeded();
      const onTop = await remove.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!top && el.contains(top);
      });
      expect(onTop).toBe(true);
    }
  }, 300_000);
});
