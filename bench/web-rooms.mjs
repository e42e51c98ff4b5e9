#!/usr/bin/env node
// `node bench/web-rooms.mjs`: how closely the devices of a listening room play together, and how long a
// handoff (devices' "Play on this device") takes, in Debian Chromium against the built server on a fresh
// DATA_DIR (needs `npm run build`, chromium, ffmpeg).
//
// Sync: a host and two guests (one signed in, one anonymous), each in its own browser context, play a song
// of short beeps, one a second. What each page sends to its speakers is watched on the audio thread
// (ROOM_TAP_SCRIPT: an AudioWorklet after the app's output) and each beep's onset is put on the machine's
// clock through the context's output timestamp. A guest's sync error is its onset minus the host's for the
// same beep; p50/p95/max of |error| over 60 s, both guests together. Goal: max <= 50 ms.
// Handoff: two contexts of one listener; A plays, B clicks "Play on this device"; the time until B's player
// plays, and until B's audio moves, and how far B starts from where A was. Reference: the product's 1 s.
// Figures and ratios only; nothing is asserted.
//
//   node bench/web-rooms.mjs        BENCH_ROOMS_SECONDS=60
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The beep song: a 2 kHz beep of 10 ms at the start of every second, silence between. */
export const BEEP_SONG = { album: 'Room Beeps', title: 'Beep Track', seconds: 150 };
export const GUEST_SONG = { title: 'Guest Pick', seconds: 40 };

/** Writes the beep album (and a second song, a guest's pick) into `musicDir`. */
export function writeBeepAlbum(musicDir) {
  const dir = join(musicDir, BEEP_SONG.album);
  mkdirSync(dir, { recursive: true });
  const song = (file, title, seconds, expr, track) =>
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `aevalsrc='${expr}':s=44100:d=${seconds}`, '-ac', '2', '-c:a', 'flac',
      '-metadata', `title=${title}`, '-metadata', 'artist=Test Tones', '-metadata', `album=${BEEP_SONG.album}`, '-metadata', `track=${track}`, join(dir, file)]);
  song('01.flac', BEEP_SONG.title, BEEP_SONG.seconds, 'if(lt(mod(t,1),0.01),0.8*sin(2*PI*2000*t),0)', 1);
  song('02.flac', GUEST_SONG.title, GUEST_SONG.seconds, '0.3*sin(2*PI*330*t)', 2);
  return dir;
}

/**
 * Runs in the page before the app: the first node the app connects to an AudioContext's destination also
 * feeds an AudioWorklet that finds beep onsets (a sample above 0.1 after 200 ms below 0.02) on the audio
 * thread; each onset's context time becomes the machine's clock (ms since 1970) through getOutputTimestamp.
 */
export const ROOM_TAP_SCRIPT = `(() => {
  const processor = \`registerProcessor('lyra-onset-tap', class extends AudioWorkletProcessor {
    constructor() { super(); this.quiet = 0; }
    process(inputs) {
      const ch = inputs[0] && inputs[0][0];
      if (ch) {
        for (let i = 0; i < ch.length; i++) {
          const v = Math.abs(ch[i]);
          if (v > 0.1 && this.quiet > sampleRate * 0.2) this.port.postMessage(currentTime + i / sampleRate);
          this.quiet = v < 0.02 ? this.quiet + 1 : 0;
        }
      }
      return true;
    }
  });\`;
  const url = URL.createObjectURL(new Blob([processor], { type: 'text/javascript' }));
  const tap = (window.__onsetTap = { onsets: [] });
  const connect = AudioNode.prototype.connect;
  AudioNode.prototype.connect = function (dest, ...rest) {
    const out = connect.call(this, dest, ...rest);
    if (dest instanceof AudioDestinationNode && !tap.started) {
      tap.started = true;
      const ctx = this.context;
      ctx.audioWorklet.addModule(url).then(() => {
        const node = new AudioWorkletNode(ctx, 'lyra-onset-tap', { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1] });
        node.port.onmessage = (e) => {
          const ts = ctx.getOutputTimestamp();
          tap.onsets.push(performance.timeOrigin + ts.performanceTime + (e.data - ts.contextTime) * 1000);
        };
        connect.call(this, node);
        connect.call(node, ctx.destination);
      });
    }
    return out;
  };
})();`;

/** The onsets a page heard since `sinceMs` (machine clock). */
export const readOnsets = (page, sinceMs = 0) => page.evaluate((since) => (window.__onsetTap?.onsets ?? []).filter((t) => t >= since), sinceMs);

/** For each host onset, the guest's nearest within half a second: guest minus host, in ms. */
export function syncErrors(hostOnsets, guestOnsets) {
  const errors = [];
  for (const h of hostOnsets) {
    let best = null;
    for (const g of guestOnsets) if (best === null || Math.abs(g - h) < Math.abs(best - h)) best = g;
    if (best !== null && Math.abs(best - h) < 500) errors.push(best - h);
  }
  return errors;
}

/** p-th percentile, nearest rank. */
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

async function signUp(page, url, name, email) {
  await page.goto(`${url}/profile`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'LogOut' }).waitFor({ timeout: 60_000 });
}

async function signIn(page, url, email) {
  await page.goto(`${url}/profile`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'LogOut' }).waitFor({ timeout: 60_000 });
}

async function albumId(url) {
  const found = await (await fetch(`${url}/api/search/albums?query=${encodeURIComponent(BEEP_SONG.album)}`)).json();
  return found.data.results[0].id;
}

async function roomRun(server, browser, seconds) {
  const contexts = [];
  const open = async (viewport) => {
    const c = await browser.newContext({ viewport, bypassCSP: true });
    await c.addInitScript(() => localStorage.setItem('loudnessMode', 'off'));
    await c.addInitScript(ROOM_TAP_SCRIPT);
    contexts.push(c);
    return c.newPage();
  };
  try {
    const host = await open({ width: 1280, height: 800 });
    await signUp(host, server.url, 'Ada Host', 'ada@example.com');
    await host.goto(`${server.url}/album/${await albumId(server.url)}`);
    await host.getByRole('button', { name: 'Play', exact: true }).click();
    await host.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5, null, { timeout: 60_000 });
    await host.getByRole('button', { name: 'Start a listening room' }).click();
    const link = await host.getByRole('textbox', { name: 'Room link' }).inputValue({ timeout: 60_000 });
    const bob = await open({ width: 412, height: 860 });
    await signUp(bob, server.url, 'Bob Guest', 'bob@example.com');
    await bob.goto(link);
    await bob.getByRole('button', { name: 'Join the room' }).click();
    const zoe = await open({ width: 412, height: 860 });
    await zoe.goto(link);
    await zoe.getByLabel('Your name').fill('Zoe');
    await zoe.getByRole('button', { name: 'Join the room' }).click();
    for (const p of [bob, zoe]) await p.waitForFunction(() => (window.__onsetTap?.onsets.length ?? 0) > 3, null, { timeout: 60_000 });
    // Settled: the first seconds after joining are the sync catching up.
    await host.waitForTimeout(5_000);
    const since = Date.now();
    await host.waitForTimeout(seconds * 1000);
    const [h, b, z] = await Promise.all([host, bob, zoe].map((p) => readOnsets(p, since)));
    return { host: h.length, errors: [...syncErrors(h, b), ...syncErrors(h, z)], perGuest: [syncErrors(h, b), syncErrors(h, z)] };
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
}

async function handoffRun(server, browser) {
  const a = await (await browser.newContext({ viewport: { width: 412, height: 860 } })).newPage();
  const b = await (await browser.newContext({ viewport: { width: 412, height: 860 } })).newPage();
  try {
    await signUp(a, server.url, 'Hana Handoff', 'hana@example.com');
    await signIn(b, server.url, 'hana@example.com');
    await a.goto(`${server.url}/album/${await albumId(server.url)}`);
    await a.getByRole('button', { name: 'Play', exact: true }).click();
    await a.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 3, null, { timeout: 60_000 });
    await b.goto(server.url);
    const remote = b.getByRole('region', { name: /^Playing on / });
    await remote.waitFor({ timeout: 60_000 });
    await remote.getByRole('button', { name: 'Devices' }).click();
    const takeOver = b.getByRole('button', { name: 'Play on this device' });
    await takeOver.waitFor();
    const aAt = await a.evaluate(() => document.querySelector('audio').currentTime);
    const clicked = Date.now();
    await takeOver.click();
    await b.getByRole('region', { name: 'Now playing' }).getByRole('button', { name: 'Pause' }).waitFor({ timeout: 60_000 });
    const playerMs = Date.now() - clicked;
    await b.waitForFunction(() => { const el = document.querySelector('audio'); return !!el && !el.paused && el.currentTime > 0 && el.readyState >= 3; }, null, { timeout: 60_000, polling: 20 });
    const audibleMs = Date.now() - clicked;
    const bAt = await b.evaluate(() => document.querySelector('audio').currentTime);
    return { playerMs, audibleMs, offS: bAt - (aAt + audibleMs / 1000) };
  } finally {
    await a.context().close();
    await b.context().close();
  }
}

async function main() {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM, TAP_FLAGS, startServer } = await import('./lib/app-in-chromium.mjs');
  const seconds = Number(process.env.BENCH_ROOMS_SECONDS ?? 60);
  const music = mkdtempSync(join(tmpdir(), 'lyra-bench-rooms-'));
  writeBeepAlbum(music);
  const server = await startServer({ musicDir: music });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: TAP_FLAGS });
  try {
    // The shared clock's readings go over HTTP (the SDK's realtime client sends no frames of its own): their round trips.
    const rtts = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await (await fetch(`${server.url}/v1/rooms/clock`, { headers: { 'x-appwrite-project': 'lyra' } })).json();
      rtts.push(performance.now() - t0);
    }
    console.log(`shared clock over HTTP, 50 readings: round trip p50 ${percentile(rtts, 50).toFixed(1)} ms, p95 ${percentile(rtts, 95).toFixed(1)} ms, max ${Math.max(...rtts).toFixed(1)} ms`);
    const sync = await roomRun(server, browser, seconds);
    const abs = sync.errors.map(Math.abs);
    const f = (x) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
    console.log(`listening room, 3 devices (host, signed-in guest, anonymous guest), ${seconds} s, ${sync.host} beeps at the host:`);
    console.log(`  sync error |guest - host|: p50 ${f(percentile(abs, 50))} ms, p95 ${f(percentile(abs, 95))} ms, max ${f(Math.max(...abs))} ms over ${abs.length} beeps`);
    console.log(`  per guest mean (signed: + is late): ${sync.perGuest.map((e) => f(e.reduce((s, x) => s + x, 0) / (e.length || 1))).join(' ms, ')} ms`);
    console.log(`  goal 50 ms: max/goal ${f(Math.max(...abs) / 50)}x`);
    const h = await handoffRun(server, browser);
    console.log(`handoff ("Play on this device"): player ${h.playerMs} ms, audio moving ${h.audibleMs} ms, B from A's position ${f(h.offS * 1000)} ms`);
    console.log(`  reference 1 s: player ${f(h.playerMs / 1000)}x, audio ${f(h.audibleMs / 1000)}x`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(music, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
