#!/usr/bin/env node
// Search ranking accuracy over the demo library (`npm run setup` prepares it):
// the cases in apps/server/src/catalogue/test/search-ranking-cases.json (a
// query and the title that should come first), through the real app on
// PGlite. Prints top-1 and top-3 accuracy beside the goal (top-1 >= 90 %) and
// the cases that missed. Nothing is asserted.
//
//   node bench/catalogue-ranking.mjs        (needs `npm run build`)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadServer } from './lib/server-dist.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const load = loadServer;
const { createApp } = await load('app.js');
const { loadConfig } = await load('config.js');
const { openPglite } = await load('db/pglite-db.js');
const { silentLogger } = await load('log.js');

const { cases } = JSON.parse(readFileSync(join(ROOT, 'apps/server/src/catalogue/test/search-ranking-cases.json'), 'utf8'));
const dataDir = mkdtempSync(join(tmpdir(), 'lyra-bench-ranking-'));
const config = loadConfig({ DATA_DIR: dataDir, MUSIC_DIR: join(ROOT, 'data/demo-music'), SCAN_WATCH: 'off', VIDEO_WORKER: 'off', LOUDNESS_SCAN: 'off' });
const db = await openPglite(join(dataDir, 'db'));
const app = await createApp({ config, db, log: silentLogger, now: Date.now }, ['catalogue']);
try {
  await app.request('/api/admin/rescan?wait=true', { method: 'POST' });
  let top1 = 0;
  let top3 = 0;
  const misses = [];
  for (const c of cases) {
    const body = await (await app.request(`/api/search/songs?query=${encodeURIComponent(c.query)}&limit=15`)).json();
    const names = body.data.results.map((s) => s.name);
    if (names[0] === c.top) top1++;
    if (names.slice(0, 3).includes(c.top)) top3++;
    else misses.push(`${c.query} -> ${names.slice(0, 3).join(' | ') || '(nothing)'} (want ${c.top})`);
  }
  const pct = (n) => `${((n / cases.length) * 100).toFixed(1)} %`;
  console.log(`  ${cases.length} ranking cases over the demo library`);
  console.log(`  top-1 ${pct(top1)}  top-3 ${pct(top3)}  (goal: top-1 >= 90 %: ${(top1 / cases.length / 0.9).toFixed(2)}x of goal)`);
  for (const m of misses) console.log(`  missed: ${m}`);
} finally {
  await app.close?.();
  await db.close?.();
  rmSync(dataDir, { recursive: true, force: true });
}
