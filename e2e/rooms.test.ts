/**
 * Listening rooms (SPEC#rooms-start-join) in Debian Chromium against the built
 * server: a host and two guests, one signed in and one anonymous, each in its
 * own browser context. The host starts a room from the player; the guests
 * join with its link and play the room's song at the room's position. What
 * each page sends to its speakers is watched on the audio thread
 * (bench/web-rooms.mjs): a song of one beep a second, each beep's onset on the
 * machine's clock, compared with the host's over 20 s (the benchmark
 * listens for 60 s). A guest's added song
 * plays for all; ending the room stops the guests and its link answers
 * "ended". The 50 ms figure is the benchmark's (bench/web-rooms.mjs): on a
 * loaded machine this test asserts what holds anyway, that every guest hears
 * the host's beeps, each within half a beep's period. At a song change the
 * next song was prepared ahead on every device and takes over on its audio
 * clock where the last one ends: the gap after the beep song's last beep, and
 * each guest's start of the next song against the host's, are measured the
 * same way and held to the same half period.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BEEP_SONG, GUEST_SONG, ROOM_TAP_SCRIPT, percentile, readOnsets, syncErrors, writeBeepAlbum } from '../bench/web-rooms.mjs';
import { musicSubset, useServerAndBrowser } from './harness.js';

const SECOND_PICK = 'Second Pick';

const rig = useServerAndBrowser(() => {
  const music = musicSubset(0);
  writeBeepAlbum(music);
  // Another held tone, in an album of its own: with the guest's pick, two songs that may follow the beeps.
  mkdirSync(join(music, 'Room Extras'));
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', "aevalsrc='0.3*sin(2*PI*440*t)':s=44100:d=40", '-ac', '2', '-c:a', 'flac',
    '-metadata', `title=${SECOND_PICK}`, '-metadata', 'artist=Test Tones', '-metadata', 'album=Room Extras', join(music, 'Room Extras', '01.flac')]);
  return { musicDir: music };
});

const contexts: { close(): Promise<void> }[] = [];
async function open(viewport = { width: 412, height: 860 }): Promise<Page> {
  const context = await rig.browser.newContext({ viewport, bypassCSP: true });
  await context.addInitScript(() => localStorage.setItem('loudnessMode', 'off'));
  await context.addInitScript(ROOM_TAP_SCRIPT);
  contexts.push(context);
  return context.newPage();
}

async function signUp(page: Page, name: string, email: string) {
  await page.goto(`${rig.server.url}/profile`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'LogOut' }).waitFor({ timeout: 60_000 });
}

type AlbumSong = { id: string; name: string };
async function beepAlbum(): Promise<{ id: string; songs: AlbumSong[] }> {
  const found = (await (await fetch(`${rig.server.url}/api/search/albums?query=${encodeURIComponent(BEEP_SONG.album)}`)).json()) as { data: { results: { id: string }[] } };
  const id = found.data.results[0]!.id;
  const album = (await (await fetch(`${rig.server.url}/api/albums?id=${id}`)).json()) as { data: { songs: AlbumSong[] } };
  return { id, songs: album.data.songs };
}

/** The song the page's audio plays, while it plays. */
const playing = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector('audio');
    return a && !a.paused ? (/\/media\/([^/]+)\//.exec(a.currentSrc || a.src)?.[1] ?? null) : null;
  });

/** The song the page's player has as current (its queue, kept in the session). */
const current = (page: Page) => page.evaluate(() => (JSON.parse(sessionStorage.getItem('player') ?? '{}') as { state?: { currentId?: string } }).state?.currentId ?? null);

/** The page's last two onsets once nothing followed them for 1.5 s (the song playing is a held tone): the last beep, then the tone. */
const lastTwoOnsets = (page: Page) =>
  page.evaluate(() => {
    const onsets = (window as unknown as { __onsetTap: { onsets: number[] } }).__onsetTap.onsets;
    const last = onsets.at(-1);
    return last !== undefined && onsets.length > 1 && Date.now() - last > 1_500 ? [onsets.at(-2)!, last] : null;
  });

/** The host's room command, as the host's own session sends it. */
const roomCommand = (page: Page, roomId: string, command: object) =>
  page.evaluate(
    async ({ id, body }) => {
      const stored = localStorage.getItem('cookieFallback');
      const headers = { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', ...(stored ? { 'X-Fallback-Cookies': stored } : {}) };
      const res = await fetch(`/v1/rooms/${id}/commands`, { method: 'POST', credentials: 'include', headers, body: JSON.stringify(body) });
      return res.status;
    },
    { id: roomId, body: command },
  );

const step = (what: string) => console.log(`rooms e2e: ${what}`);

describe('listening rooms', () => {
  it('a host and two guests (one anonymous) hear the same beeps together; a guest adds a song for all; ending stops them and the link answers "ended"', async () => {
    try {
      const album = await beepAlbum();
      const beeps = album.songs.find((s) => s.name === BEEP_SONG.title)!;
      // Of the two held tones, the one the player's own suggestions would not put after the beeps: the room's next
      // song must come from the room, not from this device's queue.
      const suggested = (await (await fetch(`${rig.server.url}/api/songs/${beeps.id}/suggestions?limit=10`)).json()) as { data: { id: string; name: string }[] };
      const others = suggested.data.filter((s) => s.id !== beeps.id);
      expect(others.map((s) => s.name).sort()).toEqual([GUEST_SONG.title, SECOND_PICK].sort());
      const roomNext = others[1]!;

      step('host signs up');
      // The host plays the beep song alone and starts a room from the desktop player bar.
      const host = await open({ width: 1280, height: 800 });
      await signUp(host, 'Ada Host', 'ada@example.com');
      await host.goto(`${rig.server.url}/album/${album.id}`);
      await host.locator(`[data-song-id="${beeps.id}"]`).first().click();
      await expect.poll(() => playing(host), { timeout: 60_000 }).toBe(beeps.id);
      await host.getByRole('button', { name: 'Start a listening room' }).click();
      const linkBox = host.getByRole('textbox', { name: 'Room link' });
      await linkBox.waitFor({ timeout: 60_000 });
      const link = await linkBox.inputValue();
      expect(link).toMatch(new RegExp(`^${rig.server.url}/room/[0-9a-f]{32}$`));
      await host.getByRole('img', { name: 'QR code of the room link' }).waitFor({ timeout: 30_000 });
      // The room started with the host's queue: the beep song, then the album's next; the host removes that one.
      const queue = host.getByRole('list', { name: 'Room queue' });
      await queue.getByText('added by Ada Host').first().waitFor({ timeout: 30_000 });
      // The next song's row may render after the first, and on a busy machine the host's own suggestions may
      // have been added after it before the room started: remove every other row whenever it shows, until the
      // beeps are alone.
      const removeOther = queue.locator([GUEST_SONG.title, SECOND_PICK].map((t) => `button[aria-label=${JSON.stringify(`Remove ${t}`)}]`).join(', '));
      await expect
        .poll(
          async () => {
            if ((await removeOther.count()) > 0) await removeOther.first().click().catch(() => undefined);
            return queue.getByRole('listitem').count();
          },
          { timeout: 60_000 },
        )
        .toBe(1);

      step('room started');
      // A signed-in guest and an anonymous one join with the link.
      const bob = await open();
      await signUp(bob, 'Bob Guest', 'bob@example.com');
      await bob.goto(link);
      await bob.getByRole('button', { name: 'Join the room' }).click();
      const zoe = await open();
      await zoe.goto(link);
      await zoe.getByLabel('Your name').fill('Zoe');
      await zoe.getByRole('button', { name: 'Join the room' }).click();
      for (const p of [bob, zoe]) await expect.poll(() => playing(p), { timeout: 60_000 }).toBe(beeps.id);
      await host.getByText('3 listening').waitFor({ timeout: 30_000 });

      step('guests play');
      // 20 s of beeps, each guest's against the host's.
      for (const p of [host, bob, zoe]) await p.waitForFunction(() => (window as unknown as { __onsetTap?: { onsets: number[] } }).__onsetTap!.onsets.length > 2, null, { timeout: 60_000 });
      const since = Date.now();
      const hostAt = await host.evaluate(() => document.querySelector('audio')!.currentTime);
      await host.waitForFunction((at) => document.querySelector('audio')!.currentTime >= at + 20, hostAt, { timeout: 180_000, polling: 500 });
      const [h, b, z] = (await Promise.all([host, bob, zoe].map((p) => readOnsets(p, since)))) as [number[], number[], number[]];
      const errors = [syncErrors(h, b), syncErrors(h, z)];
      const abs = errors.flat().map(Math.abs);
      console.log(
        `room sync over 20 s: ${h.length} beeps at the host; |guest - host| p50 ${percentile(abs, 50).toFixed(1)} ms, p95 ${percentile(abs, 95).toFixed(1)} ms, max ${Math.max(...abs).toFixed(1)} ms`,
      );
      expect(h.length).toBeGreaterThan(10);
      // Each guest hears most of the host's beeps, each within half a beep's period of the host's.
      for (const e of errors) expect(e.length).toBeGreaterThan(h.length / 2);

      step('measured');
      // The anonymous guest adds a song; the queue shows who added it.
      const search = zoe.getByRole('searchbox', { name: 'Search songs to add' });
      await search.fill(roomNext.name);
      await zoe.getByRole('button', { name: `Add ${roomNext.name}` }).click();
      await queue.getByText('added by Zoe').waitFor({ timeout: 30_000 });
      // The host moves the room to 20 s before the beep song's end (its last beep is at 149 s, the guest's song, a held
      // tone, starts at 150 s): inside the 30 s in which a player prepares the next song, with time for three browsers
      // on a busy machine to fetch and decode it; every device starts it where the beeps end.
      const roomId = link.split('/').pop()!;
      expect(await roomCommand(host, roomId, { command: 'seek', positionMs: (BEEP_SONG.seconds - 20) * 1000 })).toBe(202);
      for (const p of [host, bob, zoe]) await expect.poll(() => current(p), { timeout: 60_000 }).toBe(roomNext.id);
      const change: number[][] = [];
      for (const p of [host, bob, zoe]) {
        await expect.poll(() => lastTwoOnsets(p), { timeout: 30_000 }).not.toBeNull();
        change.push((await lastTwoOnsets(p))!);
      }
      // The gap: the tone's start after the last beep, less the second between them; in step: each guest's tone start against the host's.
      const gaps = change.map(([beep, tone]) => tone! - beep! - 1_000);
      const inStep = change.slice(1).map(([, tone]) => tone! - change[0]![1]!);
      console.log(
        `room song change: gap after the last beep (host, Bob, Zoe) ${gaps.map((g) => g.toFixed(1)).join(', ')} ms; next song's start, guest - host (Bob, Zoe) ${inStep.map((d) => d.toFixed(1)).join(', ')} ms`,
      );
      for (const g of [...gaps, ...inStep]) expect(Math.abs(g)).toBeLessThan(500);
      // Each device's audio element never loaded the guest's song: its decoded copy took over, prepared ahead.
      for (const p of [host, bob, zoe]) expect(await p.evaluate(() => document.querySelector('audio')!.currentSrc)).toContain(`/media/${beeps.id}/`);

      step('guest song follows for all');
      // The guest adds the beeps again, and the host skips to them: they play for all.
      await search.fill(BEEP_SONG.title);
      await zoe.getByRole('button', { name: `Add ${BEEP_SONG.title}` }).click();
      await expect.poll(() => queue.getByText('added by Zoe').count(), { timeout: 30_000 }).toBe(2);
      await host.getByRole('button', { name: 'Skip' }).click();
      for (const p of [host, bob, zoe]) {
        await expect.poll(() => current(p), { timeout: 60_000 }).toBe(beeps.id);
        await expect.poll(() => playing(p), { timeout: 60_000 }).toBe(beeps.id);
      }

      step('skip plays for all');
      // The host ends the room: the guests stop, and the link answers "ended".
      await host.getByRole('button', { name: 'End room' }).click();
      for (const p of [bob, zoe]) {
        await p.getByText('This listening room has ended.').waitFor({ timeout: 30_000 });
        await expect.poll(() => playing(p), { timeout: 30_000 }).toBeNull();
      }
      const answer = await zoe.evaluate(async (id) => {
        const res = await fetch(`/v1/rooms/${id}/members`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' }, body: '{}' });
        return { status: res.status, body: (await res.json()) as { type: string; message: string } };
      }, roomId);
      expect(answer).toMatchObject({ status: 410, body: { type: 'room_ended', message: 'This listening room has ended.' } });
      const late = await open();
      await late.goto(link);
      await late.getByRole('button', { name: 'Join the room' }).click();
      await late.getByText('This listening room has ended.').waitFor({ timeout: 30_000 });
    } finally {
      await Promise.all(contexts.splice(0).map((c) => c.close()));
    }
  }, 900_000);
});
