#!/usr/bin/env node
// `npm run typecheck:tests`: type-checks the test programs that `tsc -b` (the build) does not,
// as many at once as there are cores, largest first. Each program's errors are printed together;
// the command fails if any program has errors.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const programs = [
  'apps/server/tsconfig.test.json',
  'e2e/tsconfig.json',
  'packages/contracts/tsconfig.test.json',
  'packages/player-core/tsconfig.test.json',
];

const check = (project) =>
  new Promise((resolve) => {
    const began = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const s = ((Date.now() - began) / 1000).toFixed(0);
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} in ${s} s`);
      if (out) process.stdout.write(out);
      resolve(code === 0);
    });
  });

const queue = [...programs];
const lane = async () => {
  let ok = true;
  for (let p = queue.shift(); p; p = queue.shift()) ok = (await check(p)) && ok;
  return ok;
};
const lanes = Math.max(1, Math.min(availableParallelism(), programs.length));
const results = await Promise.all(Array.from({ length: lanes }, lane));
process.exit(results.every(Boolean) ? 0 : 1);
