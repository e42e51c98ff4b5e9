#!/usr/bin/env node
// Realtime memory: what unauthenticated sockets can make the server hold with subscriptions.
//
// The built server (apps/server/dist/cli/serve.js, PGlite in a temporary DATA_DIR) in a process of
// its own; this process opens BENCH_SOCKETS guest sockets from each of BENCH_ADDRESSES loopback
// addresses (127.0.0.1, 127.0.0.2, ...: the server counts the TCP peer, no proxy header needed),
// and each socket asks for BENCH_SUBSCRIPTIONS subscriptions of BENCH_CHANNELS distinct channels,
// packed into frames under the 64 KiB limit. Three patterns, each on a fresh server: the sockets
// alone without subscriptions (the reference), the probe's (channels of 250 characters), and the
// same with channels of 149 characters, the longest name an event can carry
// (`databases.<36>.collections.<36>.documents.<36>.create`). Printed per pattern:
// subscriptions the server accepted and refused (and why), its RSS before, once every frame is
// answered and 5 s later, and their ratios. It asserts nothing.
//
//   node bench/realtime-memory.mjs     BENCH_SOCKETS=100 BENCH_SUBSCRIPTIONS=100 BENCH_CHANNELS=100 BENCH_ADDRESSES=1
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort } from './lib/app-in-chromium.mjs';

const MAIN = new URL('../apps/server/dist/cli/serve.js', import.meta.url);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 100);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100);
const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 100);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 1);
const PATTERNS = [
  { name: 'reference: the same sockets, no subscriptions', chars: 0 },
  { name: "the probe's: channels of 250 characters", chars: 250 },
  { name: 'channels of 149 characters (the longest an event names)', chars: 149 },
];
const SETTLE_MS = 5_000;
/** Frames stay under the server's 64 KiB payload limit. */
const FRAME_BYTES = 60_000;

const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);

function rssBytes(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) * 1024;
}

/** A distinct channel name of exactly `chars` characters. */
const channel = (chars, ...at) => {
  const head = `databases.b${at.join('.')}.`;
  return head + 'x'.repeat(Math.max(0, chars - head.length));
};

/** The subscribe frames of one socket, each under FRAME_BYTES. */
function subscribeFrames(chars, address, socket) {
  const frames = [];
  if (chars === 0) return frames;
  let batch = [];
  let size = 0;
  for (let s = 0; s < SUBSCRIPTIONS; s++) {
    const item = {
      subscriptionId: `s${s}`,
      channels: Array.from({ length: CHANNELS }, (_, c) => channel(chars, address, socket, s, c)),
      queries: [],
    };
    const bytes = JSON.stringify(item).length + 1;
    if (batch.length > 0 && size + bytes > FRAME_BYTES) {
      frames.push(JSON.stringify({ type: 'subscribe', data: batch }));
      batch = [];
      size = 0;
    }
    batch.push(item);
    size += bytes;
  }
  if (batch.length > 0) frames.push(JSON.stringify({ type: 'subscribe', data: batch }));
  return frames;
}

/** Opens a socket from `localAddress`, sends its frames, and counts what the server accepted. */
async function probeSocket(url, localAddress, frames) {
  const ws = new WebSocket(url, { localAddress });
  const counts = { accepted: 0, refused: 0, errors: new Set() };
  let answers = 0;
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.type === 'connected') {
      for (const f of frames) ws.send(f);
      if (frames.length === 0) done();
      return;
    }
    const count = JSON.parse(frames[answers] ?? '{"data":[]}').data.length;
    if (frame.type === 'response' && frame.data.to === 'subscribe') counts.accepted += frame.data.subscriptions.length;
    else if (frame.type === 'error') {
      counts.refused += count;
      counts.errors.add(frame.data.message.replace(/^Subscription \S+/, 'Subscription <id>'));
    } else return;
    if (++answers === frames.length) done();
  });
  ws.on('unexpected-response', (_req, res) => {
    counts.refused += SUBSCRIPTIONS;
    counts.errors.add(`HTTP ${res.statusCode}`);
    done();
  });
  ws.on('close', (code) => {
    if (answers < frames.length) counts.errors.add(`closed ${code} before every answer`);
    done();
  });
  ws.on('error', (e) => {
    counts.errors.add(e.message);
    done();
  });
  await finished;
  return { ws, counts };
}

async function run(pattern) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lyra-bench-realtime-'));
  const musicDir = join(dataDir, 'music');
  mkdirSync(musicDir);
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN.pathname], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, MUSIC_DIR: musicDir,
      SCAN_WATCH: 'off', VIDEO_WORKER: 'off', LOUDNESS_SCAN: 'off', RATE_LIMITS: 'off', LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const sockets = [];
  try {
    for (;;) {
      if (child.exitCode != null) throw new Error(`the server exited (${child.exitCode})`);
      if (await fetch(`http://127.0.0.1:${port}/v1/health/version`).then(() => true, () => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const before = rssBytes(child.pid);
    const url = `ws://127.0.0.1:${port}/v1/realtime?project=lyra`;
    const total = { accepted: 0, refused: 0, errors: new Set() };
    for (let a = 0; a < ADDRESSES; a++) {
      // Sockets of one address in groups, as a client would open them; each group waits for its answers.
      for (let from = 0; from < SOCKETS; from += 20) {
        const group = Array.from({ length: Math.min(20, SOCKETS - from) }, (_, i) =>
          probeSocket(url, `127.0.0.${a + 1}`, subscribeFrames(pattern.chars, a, from + i)),
        );
        for (const { ws, counts } of await Promise.all(group)) {
          sockets.push(ws);
          total.accepted += counts.accepted;
          total.refused += counts.refused;
          for (const e of counts.errors) total.errors.add(e);
        }
      }
    }
    const after = rssBytes(child.pid);
    // What stays once the frames' garbage has had time to be collected, the sockets still open.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const settled = rssBytes(child.pid);
    console.log(`${pattern.name}`);
    console.log(`  ${ADDRESSES} address(es) x ${SOCKETS} sockets x ${SUBSCRIPTIONS} subscriptions x ${CHANNELS} channels`);
    console.log(`  subscriptions accepted ${total.accepted}, refused ${total.refused}${total.errors.size ? ` (${[...total.errors].join(' | ')})` : ''}`);
    console.log(`  server RSS ${mb(before)} MB before, ${mb(after)} MB after: x${(after / before).toFixed(2)}, +${mb((after - before) / ADDRESSES)} MB per address`);
    console.log(`  ${SETTLE_MS / 1000} s later ${mb(settled)} MB: x${(settled / before).toFixed(2)}, +${mb((settled - before) / ADDRESSES)} MB per address`);
  } finally {
    for (const ws of sockets) ws.terminate();
    child.kill('SIGTERM');
    if (child.exitCode == null) await once(child, 'exit');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const pattern of PATTERNS) await run(pattern);
