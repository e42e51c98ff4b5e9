#!/usr/bin/env node
// Streaming throughput of a cached audio tier: 200 concurrent readers, each
// sending Range requests for random slices of one cached 320 kbps file over
// keep-alive connections, first against our server (the /media raw handler),
// then against nginx (Debian package, sendfile on) serving the same file, in
// the same run, with the same Node load client. Prints both and their ratio
// (the target is >= 0.8x nginx). Nothing is asserted.
//
// A third server, `accel`, is the deployment of `npm run cluster`: nginx in front of our
// server with ACCEL_REDIRECT, where our server only authorises each request and answers
// with X-Accel-Redirect, and nginx sends the bytes. Its CPU per request is our process's
// plus nginx's (both printed).
//
// Two read patterns: a player's ranges (16-512 KiB) and small ranges (1-64 KiB,
// where per-request cost dominates). Each round also prints the CPU time each
// server spent per request, which says more than throughput when other work
// shares the machine's cores.
//
//   node bench/catalogue-streaming.mjs [seconds-per-round]     (needs `npm run build`, ffmpeg, nginx)
//   BENCH_READERS=200  BENCH_ROUNDS=3  BENCH_NGINX_WORKERS=1  BENCH_RANGE_KIB=16-512,1-64
//   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/some/dir" to profile our server
//
// Both servers get one process: our server is one Node process (one event
// loop); nginx runs one worker. They and the client share the machine's cores.
import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/app-in-chromium.mjs';
import { serveApp } from './lib/app-child.mjs';
import { startNginx } from './lib/nginx.mjs';
import { cpuSeconds, workerPids } from './lib/proc-cpu.mjs';
import { fetchAll, rangeLoad, verifyRanges, waitForPort } from './lib/range-load.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SONG = join(ROOT, 'data/demo-music/wesnoth-1.16-music/loyalists.ogg');
const TRACK_ID = 'benchTrack1';

if (process.argv[2] === 'serve') await serve(process.argv[3], process.argv[4], process.argv[5]);
else await main();

/** Child process: the real catalogue module on PGlite, listening on a free port. */
function serve(dataDir, musicDir, accel) {
  return serveApp({
    env: { DATA_DIR: dataDir, MUSIC_DIR: musicDir, ...(accel ? { ACCEL_REDIRECT: accel, TRUST_PROXY: 'loopback' } : {}) },
    modules: ['catalogue'],
    tracks: [{ id: TRACK_ID, path: 'song.flac', fingerprint: 'bench', title: 'Loyalists', normTitle: 'loyalists', durationS: 180, codec: 'flac', bitrateKbps: 900 }],
    keepAliveTimeout: 65_000,
  });
}

async function main() {
  const seconds = Number(process.argv[2] ?? 6);
  const readers = Number(process.env.BENCH_READERS ?? 200);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const patterns = (process.env.BENCH_RANGE_KIB ?? '16-512,1-64').split(',').map((p) => {
    const [min, max] = p.split('-').map(Number);
    return { label: `${min}-${max} KiB`, min: min * 1024, max: max * 1024 };
  });
  const nginxWorkers = process.env.BENCH_NGINX_WORKERS ?? '1';
  for (const bin of ['ffmpeg', 'nginx']) {
    try {
      execFileSync(bin === 'nginx' ? 'nginx' : 'ffmpeg', [bin === 'nginx' ? '-v' : '-version'], { stdio: 'ignore' });
    } catch {
      console.error(`${bin} is not installed (apt-get install ${bin})`);
      process.exit(1);
    }
  }

  const work = mkdtempSync(join(tmpdir(), 'lyra-bench-streaming-'));
  chmodSync(work, 0o755);
  const dataDir = join(work, 'data');
  const musicDir = join(work, 'music');
  const webDir = join(work, 'nginx-root');
  mkdirSync(musicDir, { recursive: true });
  mkdirSync(webDir, { recursive: true });
  // A lossless source, so the 320 kbps tier is not capped (urls.ts ceilingTier).
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', SONG, '-c:a', 'flac', join(musicDir, 'song.flac')]);

  let child;
  let accelChild;
  let nginx;
  const cleanup = () => {
    nginx?.kill('SIGTERM');
    child?.connected && child.send('stop');
    accelChild?.connected && accelChild.send('stop');
  };
  process.on('exit', () => {
    nginx?.kill('SIGKILL');
    child?.kill('SIGKILL');
    accelChild?.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });
  process.on('SIGINT', () => process.exit(130));

  try {
    const execArgv = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    child = fork(fileURLToPath(import.meta.url), ['serve', dataDir, musicDir], { stdio: 'inherit', execArgv });
    const [{ port: ourPort }] = await once(child, 'message');
    const path = `/media/${TRACK_ID}/320.mp4`;

    const t0 = Date.now();
    const first = await fetchAll(ourPort, path);
    console.log(`first play (live transcode, ${first.headers['cache-control']}): ${(first.body.length / 1e6).toFixed(2)} MB in ${Date.now() - t0} ms`);
    await new Promise((r) => setTimeout(r, 300));
    const cached = await fetchAll(ourPort, path);
    const cacheDir = join(dataDir, 'cache/audio', TRACK_ID);
    const cachedName = readdirSync(cacheDir).find((f) => f.startsWith('320-') && f.endsWith('.mp4'));
    if (!cachedName || cached.headers['content-length'] === undefined) throw new Error('the 320 kbps tier was not cached');
    const fileBytes = readFileSync(join(cacheDir, cachedName));
    copyFileSync(join(cacheDir, cachedName), join(webDir, 'song.mp4'));
    chmodSync(join(webDir, 'song.mp4'), 0o644);
    const size = fileBytes.length;
    console.log(`cached 320 kbps tier: ${(size / 1e6).toFixed(2)} MB; ${readers} readers, ${seconds} s per round, ${rounds} rounds each`);

    // The same server behind nginx with X-Accel-Redirect: its own data folder, holding the same cached tier.
    const accelDataDir = join(work, 'data-accel');
    mkdirSync(join(accelDataDir, 'cache/audio', TRACK_ID), { recursive: true });
    copyFileSync(join(cacheDir, cachedName), join(accelDataDir, 'cache/audio', TRACK_ID, cachedName));
    accelChild = fork(fileURLToPath(import.meta.url), ['serve', accelDataDir, musicDir, '/_media/'], { stdio: 'inherit', execArgv });
    const [{ port: accelUpstream }] = await once(accelChild, 'message');

    const nginxPort = await freePort();
    const accelPort = await freePort();
    nginx = startNginx(work, webDir, nginxPort, nginxWorkers, { port: accelPort, upstream: accelUpstream, cacheDir: join(accelDataDir, 'cache') });
    await waitForPort(nginxPort);
    await waitForPort(accelPort);

    const targets = { lyra: { port: ourPort, path }, nginx: { port: nginxPort, path: '/song.mp4' }, accel: { port: accelPort, path } };
    for (const [name, t] of Object.entries(targets)) await verifyRanges(name, t, fileBytes);

    const pids = { lyra: () => [child.pid], nginx: () => workerPids(nginx.pid), accel: () => [accelChild.pid, ...workerPids(nginx.pid)] };
    for (const span of patterns) {
      console.log(`\nranges of ${span.label}:`);
      const results = { lyra: [], nginx: [], accel: [] };
      for (let round = 0; round < rounds; round++) {
        for (const name of ['lyra', 'nginx', 'accel']) {
          const before = cpuSeconds(pids[name]());
          const beforeNode = name === 'accel' ? cpuSeconds([accelChild.pid]) : 0;
          const r = await rangeLoad(targets[name], size, span, readers, seconds);
          // CPU over the whole round (1 s warm-up included) per measured request: an overestimate for all alike.
          const perReq = (cpu) => (cpu * 1e6) / (r.rps * seconds);
          r.cpuUsPerReq = perReq(cpuSeconds(pids[name]()) - before);
          if (name === 'accel') r.nodeUsPerReq = perReq(cpuSeconds([accelChild.pid]) - beforeNode);
          results[name].push(r);
          const split = name === 'accel' ? ` (node ${r.nodeUsPerReq.toFixed(0)} + nginx ${(r.cpuUsPerReq - r.nodeUsPerReq).toFixed(0)})` : '';
          console.log(
            `  round ${round + 1} ${name.padEnd(5)} ${r.rps.toFixed(0).padStart(6)} req/s  ${(r.bps / 1e6).toFixed(0).padStart(5)} MB/s  ` +
              `p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  server cpu ${r.cpuUsPerReq.toFixed(0)} us/req${split}  errors ${r.errors}`,
          );
        }
      }
      const best = (list, key, pick = Math.max) => pick(...list.map((r) => r[key]));
      const ours = best(results.lyra, 'bps');
      const theirs = best(results.nginx, 'bps');
      const cpuOurs = best(results.lyra, 'cpuUsPerReq', Math.min);
      const cpuTheirs = best(results.nginx, 'cpuUsPerReq', Math.min);
      console.log(`  best round: lyra ${(ours / 1e6).toFixed(0)} MB/s, nginx ${(theirs / 1e6).toFixed(0)} MB/s`);
      console.log(`  throughput ratio lyra/nginx: ${(ours / theirs).toFixed(2)}x (target >= 0.80x)`);
      console.log(`  server cpu per request: lyra ${cpuOurs.toFixed(0)} us, nginx ${cpuTheirs.toFixed(0)} us (${(cpuOurs / cpuTheirs).toFixed(2)}x, target <= 1.20x)`);
      const accelBest = results.accel.reduce((a, b) => (b.cpuUsPerReq < a.cpuUsPerReq ? b : a));
      console.log(
        `  behind nginx with X-Accel-Redirect: ${(best(results.accel, 'bps') / 1e6).toFixed(0)} MB/s (${(best(results.accel, 'bps') / theirs).toFixed(2)}x nginx), ` +
          `cpu ${accelBest.cpuUsPerReq.toFixed(0)} us/req = node ${accelBest.nodeUsPerReq.toFixed(0)} + nginx ${(accelBest.cpuUsPerReq - accelBest.nodeUsPerReq).toFixed(0)} ` +
          `(${(accelBest.cpuUsPerReq / cpuTheirs).toFixed(2)}x nginx alone; node's part ${(accelBest.nodeUsPerReq / cpuTheirs).toFixed(2)}x)`,
      );
    }
    console.log(`\n(${cpus().length} cores, shared by both servers, the client and anything else running)`);
  } finally {
    cleanup();
    if (nginx) await Promise.race([once(nginx, 'exit'), new Promise((r) => setTimeout(r, 3000))]);
    if (child) await Promise.race([once(child, 'exit'), new Promise((r) => setTimeout(r, 5000))]);
    if (accelChild) await Promise.race([once(accelChild, 'exit'), new Promise((r) => setTimeout(r, 5000))]);
  }
}
