/**
 * The remote player's chrome (SPEC#devices-signed-every-open) in Debian Chromium against the built server, with
 * two signed-in devices of one listener (as e2e/devices.test.ts sets them up): while device A
 * plays, device B shows A's playback in place of its own player, and B's Devices button lies inside
 * that remote player and covers none of its controls, on a phone (390x844) and on a desktop
 * (1440x900). With LYRA_SCREENSHOTS set to a folder, each layout is saved there as a picture.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { devicesLayout } from './devices-layout.js';
import { waitForAudioProgress } from './harness.js';
import { openPlayerOn, useSignedInDevices } from './signed-in-helpers.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const rig = useSignedInDevices(2);
const device = () => rig.device();

async function shot(page: Page, name: string) {
  if (process.env.LYRA_SCREENSHOTS) await page.screenshot({ path: join(process.env.LYRA_SCREENSHOTS, `remote-player-${name}.png`) });
}

describe("the remote player's chrome", () => {
  it("while another device plays, this device's Devices button lies inside the remote player and covers none of its controls", async () => {
    const a = await device();
    const b = await device();
    await a.goto(rig.server.url);
    const song = await openPlayerOn(a, rig.server.url, 0);
    await waitForAudioProgress(a, 0.5);

    for (const [name, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      await b.setViewportSize(size);
      await b.goto(rig.server.url);
      const remote = b.getByRole('region', { name: /^Playing on / });
      await remote.waitFor({ timeout: 30_000 });
      await expect.poll(() => remote.getByTestId('remote-title').textContent(), { timeout: 30_000 }).toBe(song.title);
      await remote.getByRole('button', { name: 'Devices' }).waitFor({ timeout: 30_000 });
      // B's own player gives way to A's: the remote player's is the only Devices button.
      expect(await b.getByRole('button', { name: 'Devices' }).count(), name).toBe(1);
      await shot(b, name);
      const label = (await remote.getAttribute('aria-label'))!;
      await expect.poll(() => devicesLayout(b, label), { message: name, timeout: 30_000 }).toEqual({ inside: true, covered: [], overlapped: [] });
      // It opens the device list there.
      await remote.getByRole('button', { name: 'Devices' }).click();
      await b.getByRole('button', { name: 'Play on this device' }).waitFor();
      await b.keyboard.press('Escape');
    }
  }, 300_000);
});
