/**
 * The Radio screen: a station an administrator added from a Subsonic app plays
 * in the player as a live stream. The station is a loopback HTTP server sending
 * an endless MP3 (ffmpeg encoding a tone in real time, as an Icecast mount does),
 * added by its M3U playlist's address, as many stations publish theirs; the page
 * shows the station's generated cover and plays it through the server's relay
 * (/api/radio/{id}/stream), which reads the playlist and relays its stream.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServerAndBrowser, waitForAudioProgress } from './harness.js';
import { subsonicAccount } from './subsonic-account.js';

/** A live MP3 station on loopback at /live.mp3, named by the playlist /listen.m3u; counts the listeners connected now. */
async function startStation() {
  let listeners = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === '/listen.m3u') {
      return res.writeHead(200, { 'content-type': 'audio/x-mpegurl' }).end(`#EXTM3U\n#EXTINF:-1,Loopback FM\nhttp://127.0.0.1:${(server.address() as AddressInfo).port}/live.mp3\n`);
    }
    if (req.url !== '/live.mp3') return res.writeHead(404).end();
    listeners++;
    const ffmpeg = spawn('ffmpeg', ['-v', 'error', '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', 'pipe:1'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'icy-name': 'Loopback FM', 'cache-control': 'no-cache' });
    ffmpeg.stdout.pipe(res);
    res.on('close', () => {
      listeners--;
      ffmpeg.kill('SIGKILL');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/listen.m3u`,
    listeners: () => listeners,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/** The server's first account (its administrator) adds the station from a Subsonic app; its id. */
async function addStation(serverUrl: string, streamUrl: string): Promise<string> {
  const admin = await subsonicAccount(serverUrl, 'radio-admin@example.org', 'a radio password', 'Radio Admin');
  const created = await admin.rest('createInternetRadioStation', { name: 'Loopback FM', streamUrl, homepageUrl: 'https://loopback.example.org/' });
  if (created.status !== 'ok') throw new Error(`createInternetRadioStation: ${JSON.stringify(created)}`);
  const listed = await admin.rest('getInternetRadioStations');
  return (listed.internetRadioStations as { internetRadioStation: { id: string }[] }).internetRadioStation[0]!.id;
}

describe('Radio', () => {
  const rig = useServerAndBrowser();
  let station: Awaited<ReturnType<typeof startStation>>;
  let stationId: string;

  beforeAll(async () => {
    station = await startStation();
    stationId = await addStation(rig.server.url, station.url);
  });
  afterAll(async () => {
    await station?.close();
  });

  it('lists the stations with their covers and plays one live (from its playlist) from the sidebar, with no seek bar and no length', async () => {
    const page = await rig.open('/', { width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Radio' }).click();
    await page.getByRole('heading', { name: 'Radio' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/radio');
    await page.getByRole('link', { name: 'loopback.example.org' }).waitFor();
    // The station's cover, generated from its name, has loaded.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('ul[aria-label="Radio stations"] img');
      return !!img && img.complete && img.naturalWidth === 500;
    }, undefined, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Play Loopback FM' }).click();

    await page.waitForFunction((path) => (document.querySelector('audio')?.src ?? '').endsWith(path), `/api/radio/${stationId}/stream`, { timeout: 30_000 });
    const first = await waitForAudioProgress(page, 2, 0, 60_000);
    await waitForAudioProgress(page, 2, first, 60_000);
    expect(station.listeners()).toBe(1);
    await page.getByText('Live', { exact: true }).first().waitFor();
    expect(await page.getByRole('slider', { name: 'Seek' }).count()).toBe(0);
    expect(await page.getByTestId('duration').count()).toBe(0);
    expect(await page.evaluate(() => document.querySelector('audio')!.duration)).toBe(Infinity);

    await page.getByRole('button', { name: 'Pause Loopback FM' }).click();
    await page.waitForFunction(() => document.querySelector('audio')?.paused === true, undefined, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Play Loopback FM' }).waitFor();
  });

  it('lets go of the station when the listener leaves the page', async () => {
    const page = await rig.open('/radio', { width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Play Loopback FM' }).click();
    await waitForAudioProgress(page, 1, 0, 60_000);
    await page.close();
    await expect.poll(() => station.listeners(), { timeout: 30_000, interval: 100 }).toBe(0);
  });
});
