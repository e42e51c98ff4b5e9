#!/usr/bin/env node
// The unit tier on a busy machine: every core kept busy by a CPU burner while the unit tests run,
// STRESS_RUNS times in a row (default 3). A test that passes only on an idle machine fails here.
//
//   npm run test:stress            STRESS_RUNS=3  STRESS_BURNERS=<cores>
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const runs = Number(process.env.STRESS_RUNS ?? 3);
const burners = Number(process.env.STRESS_BURNERS ?? availableParallelism());
// Each burner spins until it is terminated: a core taken from the tests.
const burn = () => new Worker('for (;;) Math.sqrt(Math.random());', { eval: true });
const workers = Array.from({ length: burners }, burn);
let failed = 0;
try {
  for (let i = 1; i <= runs; i++) {
    const began = Date.now();
    const r = spawnSync('npx', ['vitest', 'run', '--project', 'unit'], { stdio: ['ignore', 'inherit', 'inherit'] });
    const ok = r.status === 0;
    if (!ok) failed++;
    console.log(`stress run ${i} of ${runs}, ${burners} cores kept busy: ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - began) / 1000).toFixed(0)} s`);
  }
} finally {
  await Promise.all(workers.map((w) => w.terminate()));
}
console.log(`${runs - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
