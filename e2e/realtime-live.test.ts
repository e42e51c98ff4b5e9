/**
 * A change made on another device while this one's realtime subscription is
 * not live yet (its first read done, the server not yet told what to send) is
 * not lost: once the server confirms the subscription, the app reads its
 * lists afresh. In Debian Chromium against the built server with a real
 * OpenID Connect provider on loopback; the laptop's socket is held back until
 * the phone's change is made, so the change cannot arrive as an event.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listAsPage, openPlayerOn, seeText, useSignedInDevices } from './signed-in-helpers.js';

const rig = useSignedInDevices(2);
const device = () => rig.device();

describe('a change made before the subscription is live', () => {
  it("shows on the other device once its subscription is live, though no event of it reached that device", async () => {
    const phone = await device();
    const laptop = await device();
    // The laptop's realtime socket reaches the server only when the test lets it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let frames = 0;
    await laptop.routeWebSocket(/\/v1\/realtime/, async (ws) => {
      await held;
      const toServer = ws.connectToServer();
      toServer.onMessage((m) => {
        frames++;
        ws.send(m);
      });
    });
    await laptop.goto(`${rig.server.url}/favorites`);
    await laptop.getByText('No favorites found, add songs').waitFor();

    const { id } = await openPlayerOn(phone, rig.server.url, 0);
    await phone.getByRole('button', { name: 'Add to favorites' }).click();
    await seeText(phone, 'Added to favorites');
    await expect.poll(async () => (await listAsPage(phone, 'Favorite')).total).toBe(1);

    expect(frames).toBe(0);
    release();
    await laptop.getByRole('list', { name: 'Favorite songs' }).locator(`[data-song-id="${id}"]`).waitFor({ timeout: 30_000 });
    expect(frames).toBeGreaterThan(0);
  });
});
