/**
 * airsonic-refix (github.com/tamland/airsonic-refix), a web Subsonic client,
 * built from its source for the e2e test that drives it in Chromium. Nothing
 * of its code is kept in this repository.
 *
 * The source is the git repository named by AIRSONIC_REFIX_SOURCE (a clone or a
 * bare mirror), else a shallow clone of the GitHub repository. Its dependencies
 * come from the npm registry (`npm install`, install scripts off; vue-demi's own
 * switch to Vue 2 is run after), and `vite build` makes the app. The build is
 * kept per commit under the system's temporary folder, so later runs reuse it.
 *
 *   npx tsx e2e/airsonic-refix-build.ts      builds it now (about 10 minutes on 2 busy cores)
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPOSITORY = 'https://github.com/tamland/airsonic-refix.git';
const CACHE = join(tmpdir(), 'lyra-airsonic-refix');
/** npm and vite together; a slow machine takes about 12 minutes. */
const BUILD_TIMEOUT_MS = 40 * 60_000;

export type Prepared = { dist: string; commit: string } | { skip: string };

const tail = (e: unknown) => {
  const x = e as { stderr?: string; stdout?: string; message?: string };
  return `${x.message ?? String(e)}\n${(x.stderr || x.stdout || '').slice(-2000)}`;
};

/** The git directory to read the source from: the one named, else a fresh shallow clone. */
async function source(): Promise<{ gitDir: string } | { skip: string }> {
  const named = process.env.AIRSONIC_REFIX_SOURCE;
  if (named) {
    for (const gitDir of [join(named, '.git'), named]) {
      if (existsSync(join(gitDir, 'HEAD'))) return { gitDir };
    }
    return { skip: `AIRSONIC_REFIX_SOURCE=${named} is not a git repository` };
  }
  const clone = join(CACHE, 'clone');
  if (!existsSync(join(clone, '.git', 'HEAD'))) {
    rmSync(clone, { recursive: true, force: true });
    try {
      await run('git', ['clone', '--depth', '1', REPOSITORY, clone], { timeout: 5 * 60_000 });
    } catch (e) {
      return { skip: `airsonic-refix could not be fetched (git clone ${REPOSITORY}; or set AIRSONIC_REFIX_SOURCE to a clone): ${tail(e)}` };
    }
  }
  return { gitDir: join(clone, '.git') };
}

/** The built app's folder (index.html and assets/), building it first if this commit has not been built. */
export async function prepareAirsonicRefix(): Promise<Prepared> {
  mkdirSync(CACHE, { recursive: true });
  const src = await source();
  if ('skip' in src) return src;
  const git = (...args: string[]) => run('git', ['--git-dir', src.gitDir, ...args], { maxBuffer: 64 * 1024 * 1024 });
  const commit = (await git('rev-parse', 'HEAD')).stdout.trim();
  const dir = join(CACHE, commit.slice(0, 12));
  const dist = join(dir, 'dist');
  if (existsSync(join(dist, 'index.html'))) return { dist, commit };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    const archive = join(CACHE, `${commit.slice(0, 12)}.tar`);
    await git('archive', '--output', archive, 'HEAD');
    await run('tar', ['-xf', archive, '-C', dir]);
    rmSync(archive, { force: true });
    const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
    await run('npm', ['install', '--ignore-scripts', '--no-package-lock'], { cwd: dir, env, timeout: BUILD_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
    // vue-demi picks the Vue version in its install script: point every copy at Vue 2, as that script would.
    for (const demi of vueDemiCopies(join(dir, 'node_modules'))) await run(process.execPath, ['scripts/postinstall.js'], { cwd: demi });
    await run(join(dir, 'node_modules/.bin/vite'), ['build', '--outDir', 'dist'], { cwd: dir, env, timeout: BUILD_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    return { skip: `airsonic-refix ${commit.slice(0, 12)} could not be built (npm install, vite build in ${dir}): ${tail(e)}` };
  }
  if (!existsSync(join(dist, 'index.html'))) return { skip: `airsonic-refix ${commit.slice(0, 12)}: vite build made no index.html` };
  // The app reads window.env from /env.js (its Docker image writes it); an empty one asks for the server at sign-in.
  writeFileSync(join(dist, 'env.js'), 'window.env = {};\n');
  return { dist, commit };
}

/** Every node_modules/…/vue-demi that has its install script. */
function vueDemiCopies(nodeModules: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 6 || !existsSync(dir)) return;
    const inModules = basename(dir) === 'node_modules' || basename(dir).startsWith('@');
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      const path = join(dir, e.name);
      if (e.name === 'vue-demi' && existsSync(join(path, 'scripts/postinstall.js'))) found.push(path);
      // node_modules holds packages and @scopes; a scope holds packages; a package may hold node_modules.
      else if (e.name === 'node_modules' || inModules) walk(path, depth + 1);
    }
  };
  walk(nodeModules, 0);
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const prepared = await prepareAirsonicRefix();
  if ('skip' in prepared) {
    console.error(prepared.skip);
    process.exitCode = 1;
  } else console.log(`airsonic-refix ${prepared.commit} built in ${prepared.dist}`);
}
