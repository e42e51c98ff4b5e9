import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts the worker whose entry is `name` beside this file: the built .js, or,
 * when running from source (tests), the .ts through tsx's loader registered in
 * the worker (the same way as db/pglite-db.ts starts PGlite's thread).
 */
export function startWorker(name: string, workerData?: unknown): Worker {
  const built = new URL(`./${name}.js`, import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built, { workerData });
  const source = new URL(`./${name}.ts`, import.meta.url).href;
  const tsx = pathToFileURL(tsxEsmApi()).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return join(dirname(manifest), pkg.exports['./esm/api']!.import.default);
}
