#!/usr/bin/env node
// `npm run checks`: the lint and the type checks of the test programs that `tsc -b` (the build) does not
// check, as many at once as there are cores, longest first; `npm run typecheck:tests` (this with
// `typecheck`) runs only the type checks. Each check's output is printed together when it ends, with its
// time; the command fails if any check fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
const eslint = join(dirname(require.resolve('eslint/package.json')), 'bin/eslint.js');
const typechecks = [
  'apps/server/tsconfig.test.json',
  'e2e/tsconfig.json',
  'packages/contracts/tsconfig.test.json',
  'packages/player-core/tsconfig.test.json',
].map((project) => ({ name: `tsc -p ${project}`, args: [tsc, '-p', project] }));
// The lint takes about as long as all the type checks together: it starts first, on a lane of its own.
const checks = process.argv[2] === 'typecheck' ? typechecks : [{ name: 'eslint .', args: [eslint, '.'] }, ...typechecks];

const run = ({ name, args }) =>
  new Promise((resolve) => {
    const began = Date.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const s = ((Date.now() - began) / 1000).toFixed(0);
      console.log(`${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${s} s`);
      if (out) process.stdout.write(out);
      resolve(code === 0);
    });
  });

const queue = [...checks];
const lane = async () => {
  let ok = true;
  for (let c = queue.shift(); c; c = queue.shift()) ok = (await run(c)) && ok;
  return ok;
};
const lanes = Math.max(1, Math.min(availableParallelism(), checks.length));
const results = await Promise.all(Array.from({ length: lanes }, lane));
process.exit(results.every(Boolean) ? 0 : 1);
