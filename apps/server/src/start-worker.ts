import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fork, type ChildProcess } from 'node:child_process';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Starts a worker thread whose entry is `entry` (an address without its
 * extension, e.g. `new URL('./pglite-worker', import.meta.url)`): the built
 * .js, or, when running from source (tests), the .ts through tsx's loader
 * registered in the worker, unless the server tests have bundled it for their
 * run (sourceBundle). `resourceLimits` bound the thread's JavaScript heap.
 */
export function startWorker(entry: URL, workerData?: unknown, resourceLimits?: ResourceLimits): Worker {
  const options = { workerData, ...(resourceLimits ? { resourceLimits } : {}) };
  const file = runnableEntry(entry);
  if (file) return new Worker(file, options);
  const tsx = pathToFileURL(tsxEsmApi()).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(`${entry.href}.ts`)}); })`;
  return new Worker(boot, { eval: true, ...options });
}

/**
 * Forks a child process whose entry is `entry` (as for startWorker: the built .js, the test run's
 * bundle, or the .ts through tsx), with an IPC channel that carries Buffers as they are (the
 * structured clone, not JSON). The child inherits the environment, with `env` over it, and no Node options.
 */
export function forkChild(entry: URL, env: Record<string, string> = {}): ChildProcess {
  const file = runnableEntry(entry);
  const [script, execArgv] = file
    ? [file, []]
    : [fileURLToPath(new URL(`${entry.href}.ts`)), ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]];
  return fork(script, [], { execArgv, env: { ...process.env, ...env }, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** The entry's built .js, else the test run's bundle of it; undefined when only the source is there. */
function runnableEntry(entry: URL): string | undefined {
  const built = fileURLToPath(new URL(`${entry.href}.js`));
  return existsSync(built) ? built : sourceBundle(entry);
}

/** tsx's ESM loader API (its package's `./esm/api` import), for running a worker from source. */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return join(dirname(manifest), pkg.exports['./esm/api']!.import.default);
}

/**
 * The bundle of a source worker made for a test run (test/worker-bundles.ts), in the folder
 * LYRA_WORKER_BUNDLES names: the same code without a TypeScript loader in each thread.
 */
function sourceBundle(entry: URL): string | undefined {
  const dir = process.env.LYRA_WORKER_BUNDLES;
  if (!dir) return undefined;
  const file = join(dir, `${relative(dirname(fileURLToPath(import.meta.url)), fileURLToPath(entry))}.mjs`);
  return existsSync(file) ? file : undefined;
}
