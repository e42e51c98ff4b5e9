#!/usr/bin/env node
// Prepares the demo music library: fetches the freely licensed Debian packages
// wesnoth-1.16-music (GPL-2+) and singularity-music (CC-BY-SA-3.0) with
// `apt-get download` + `dpkg -x` (nothing is installed) and keeps each
// package's license file beside its music. Where that is impossible it says
// so and the server still starts, with an empty library.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const PACKAGES = [
  { name: 'wesnoth-1.16-music', license: 'GPL-2+' },
  { name: 'singularity-music', license: 'CC-BY-SA-3.0' },
];
const AUDIO = /\.(ogg|oga|opus|mp3|m4a|mp4|flac|wav)$/i;

const dataDir = resolve(process.env.DATA_DIR || './data');
const musicDir = join(dataDir, 'demo-music');
mkdirSync(musicDir, { recursive: true });

const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] }).toString();

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

function fetchPackage(pkg) {
  const target = join(musicDir, pkg.name);
  if (existsSync(join(target, '.complete'))) {
    console.log(`demo music: ${pkg.name} already present`);
    return true;
  }
  const work = mkdtempSync(join(tmpdir(), 'lyra-setup-'));
  try {
    try {
      run('apt-get', ['download', pkg.name], work);
    } catch {
      // The package lists may be missing on a fresh machine: refresh them once (needs root).
      run('apt-get', ['update', '-qq'], work);
      run('apt-get', ['download', pkg.name], work);
    }
    const deb = readdirSync(work).find((f) => f.endsWith('.deb'));
    if (!deb) throw new Error('apt-get download produced no .deb');
    run('dpkg', ['-x', deb, 'root'], work);
    const files = walk(join(work, 'root'));
    const audio = files.filter((f) => AUDIO.test(f) && statSync(f).size > 0);
    if (audio.length === 0) throw new Error('the package holds no audio files');
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    for (const f of audio) cpSync(f, join(target, basename(f)));
    const copyright = files.find((f) => f.endsWith(`/usr/share/doc/${pkg.name}/copyright`));
    if (copyright) cpSync(copyright, join(target, 'COPYRIGHT'));
    writeFileSync(
      join(target, 'LICENSE.txt'),
      `These recordings come from the Debian package ${pkg.name}, licensed ${pkg.license}.\n` +
        'See COPYRIGHT in this folder for the authors and the full license terms.\n',
    );
    writeFileSync(join(target, '.complete'), new Date().toISOString() + '\n');
    console.log(`demo music: ${pkg.name}: ${audio.length} tracks (${pkg.license})`);
    return true;
  } catch (e) {
    const msg = e instanceof Error ? (e.stderr?.toString().trim() || e.message) : String(e);
    console.warn(`demo music: could not fetch ${pkg.name}: ${msg.split('\n')[0]}`);
    return false;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const ok = PACKAGES.map(fetchPackage);
if (ok.every((x) => !x)) {
  console.warn(
    'demo music: none could be fetched (apt-get download needs Debian package lists and network access).\n' +
      'The server still starts, with an empty library: set MUSIC_DIR to a folder of your own music.',
  );
} else {
  const { writeDemoPlaylists } = await import('./demo-playlists.mjs');
  const lists = writeDemoPlaylists(musicDir);
  console.log(`demo music ready in ${musicDir}${lists.length ? ` (playlists: ${lists.join(', ')})` : ''}`);
}

// Video previews for a few short demo songs, so Home's Video Previews row and
// 'Switch to video' work on a fresh install. Runs the built server's scanner and
// renderer in this process; skips songs that already have a preview, and says why
// when it cannot run (no ffmpeg, empty library, a server holding the data folder).
const videoStep = new URL('../apps/server/dist/cli/demo-previews.js', import.meta.url);
if (!existsSync(videoStep)) {
  console.warn('video previews: skipped, the server is not built (npm run build)');
} else {
  try {
    const { createDemoPreviews } = await import(videoStep.href);
    await createDemoPreviews({ env: { ...process.env, DATA_DIR: dataDir } });
  } catch (e) {
    console.warn(`video previews: skipped, ${e instanceof Error ? e.message : String(e)}`);
  }
}
