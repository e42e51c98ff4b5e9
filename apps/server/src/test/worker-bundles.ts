import { createRequire } from 'node:module';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's worker threads and child processes (start-worker.ts), bundled once per test run. Run
 * from source, each would register tsx's TypeScript loader (a loader thread of its own beside it) and compile its
 * modules again: about a second of CPU for every embedded database a test opens. The bundles are the
 * same source, compiled by esbuild as tsx compiles it; start-worker.ts takes them from the folder
 * LYRA_WORKER_BUNDLES names (global-setup.ts sets it), and a worker not bundled here runs through tsx.
 */
export const WORKER_ENTRIES = ['db/pglite-worker', 'catalogue/scanner/parse-worker', 'images/image-child'] as const;

const SRC = fileURLToPath(new URL('../', import.meta.url));

/**
 * Bundles each worker into `dir` as `<entry>.mjs`, packages left to Node: `dir` must be where the
 * server's packages resolve (under its node_modules). Each bundle is loaded through a one-line file,
 * so a module's `import.meta.url` is never the thread's entry (pglite-template.ts runs its build step
 * only as an entry).
 */
export async function bundleWorkers(dir: string): Promise<void> {
  // tsx's own esbuild: the one that compiles these sources when they run through tsx.
  const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild') as typeof import('esbuild');
  for (const entry of WORKER_ENTRIES) {
    const out = join(dir, `${entry}.bundle.mjs`);
    await mkdir(dirname(out), { recursive: true });
    await esbuild.build({
      entryPoints: [join(SRC, `${entry}.ts`)],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    await writeFile(join(dir, `${entry}.mjs`), `import './${entry.split('/').at(-1)}.bundle.mjs';\n`);
  }
}

/** Where the bundles of run `run` go: under the server's node_modules, so their packages resolve as the sources' do. */
export function workerBundlesDir(run: string): string {
  return join(SRC, '..', 'node_modules', '.cache', `lyra-worker-bundles-${run}`);
}
