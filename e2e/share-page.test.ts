/**
 * A share link's page on a private server (ACCESS=private): a listener shares
 * two songs from a Subsonic app; a visitor who is not signed in opens the
 * link, sees the songs, presses Play and hears them, while any other song's
 * audio stays closed to them (401). A playlist shared the same way opens to
 * its songs in the playlist's order.
 */
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser, waitForAudioProgress } from './harness.js';
import { subsonicAccount } from './subsonic-account.js';

interface Child {
  id: string;
  title: string;
}

describe('Share page on a private server', () => {
  // The run's usual music and a copy of the data folder that scanned it. A private server's catalogue status
  // is not public: the harness waits for /config.json only.
  const rig = useServerAndBrowser({ waitForTracks: false, env: { ACCESS: 'private' } });

  it('plays the shared songs for a visitor who is not signed in, and nothing else', async () => {
    const listener = await subsonicAccount(rig.server.url, 'share-owner@example.org', 'a share password', 'Share Owner');
    let songs: Child[] = [];
    await expect
      .poll(
        async () => {
          const found = await listener.rest('getRandomSongs', { size: '10' });
          // One song of each title: the demo has songs of the same name, which the page would show alike.
          const random = (found.randomSongs as { song?: Child[] } | undefined)?.song ?? [];
          songs = random.filter((s, i) => random.findIndex((t) => t.title === s.title) === i);
          return songs.length;
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(3);
    const [first, second, other] = songs as [Child, Child, Child];
    // Two songs in one share: `id` twice, as Subsonic apps send it.
    const query = new URLSearchParams({ u: listener.username, p: listener.appPassword, v: '1.16.1', c: 'e2e', f: 'json', description: 'For the ferry' });
    query.append('id', first.id);
    query.append('id', second.id);
    const made = ((await (await fetch(`${rig.server.url}/rest/createShare?${query}`)).json()) as { 'subsonic-response': Record<string, unknown> })['subsonic-response'];
    expect(made.status, JSON.stringify(made)).toBe('ok');
    const share = (made.shares as { share: { id: string; url: string }[] }).share[0]!;
    expect(share.url).toBe(`${rig.server.url}/share/${share.id}`);

    // A fresh browser context: nobody signed in.
    const page = await rig.open(new URL(share.url).pathname, { width: 1280, height: 800 });
    await page.getByRole('heading', { name: 'Shared with you' }).waitFor({ timeout: 30_000 });
    await page.getByText('For the ferry').waitFor({ timeout: 30_000 });
    const list = page.getByRole('list', { name: 'Shared songs' });
    await list.getByText(first.title, { exact: true }).waitFor({ timeout: 30_000 });
    await list.getByText(second.title, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction((id) => (document.querySelector('audio')?.src ?? '').includes(`/media/${id}/`), first.id, { timeout: 30_000 });
    await waitForAudioProgress(page, 1, 0, 60_000);

    // The same visitor asking for a song the share does not hold: the gate's 401.
    const sharedAudio = await page.evaluate(() => document.querySelector('audio')!.src);
    const otherAudio = new URL(sharedAudio);
    otherAudio.pathname = otherAudio.pathname.replace(`/media/${first.id}/`, `/media/${other.id}/`);
    otherAudio.search = '';
    expect(await page.evaluate(async (u) => (await fetch(u)).status, otherAudio.href)).toBe(401);
    otherAudio.search = `?share=${share.id}`;
    expect(await page.evaluate(async (u) => (await fetch(u)).status, otherAudio.href)).toBe(401);

    // A playlist's link: its songs in the playlist's order, and no other song's audio.
    const playlist = (await listener.rest('createPlaylist', { name: 'Night ferry', songId: other.id })).playlist as { id: string };
    expect((await listener.rest('updatePlaylist', { playlistId: playlist.id, songIdToAdd: first.id })).status).toBe('ok');
    const listed = await listener.rest('createShare', { id: playlist.id });
    expect(listed.status, JSON.stringify(listed)).toBe('ok');
    const playlistShare = (listed.shares as { share: { id: string; url: string }[] }).share[0]!;
    const shared = await rig.open(new URL(playlistShare.url).pathname, { width: 1280, height: 800 });
    const rows = shared.getByRole('list', { name: 'Shared songs' }).getByRole('button');
    await expect
      .poll(async () => rows.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))), { timeout: 30_000 })
      .toEqual([`Play ${other.title}`, `Play ${first.title}`]);
    const secondAudio = new URL(sharedAudio);
    secondAudio.pathname = secondAudio.pathname.replace(`/media/${first.id}/`, `/media/${second.id}/`);
    secondAudio.search = `?share=${playlistShare.id}`;
    expect(await shared.evaluate(async (u) => (await fetch(u)).status, secondAudio.href)).toBe(401);
  });
});
