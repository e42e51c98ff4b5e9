#!/usr/bin/env node
// `npm run bench:catalogue`: the server's memory, scan rate, search latency, streaming throughput and the Subsonic API.
// Each part prints its figures beside a reference measured in the same run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const parts = ['server-memory.mjs', 'catalogue-scan.mjs', 'catalogue-search.mjs', 'catalogue-ranking.mjs', 'catalogue-streaming.mjs', 'catalogue-subsonic.mjs'];
const only = process.argv[2];
let failed = 0;
for (const part of parts) {
  if (only && !part.includes(only)) continue;
  const file = fileURLToPath(new URL(part, import.meta.url));
  if (!existsSync(file)) {
    console.log(`\n== ${part}: missing`);
    failed++;
    continue;
  }
  console.log(`\n== ${part}`);
  const r = spawnSync(process.execPath, ['--expose-gc', file], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
