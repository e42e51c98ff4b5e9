import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { ENGINES } from '../../../test/db.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { excerpt, insertTrack, portOf, rawGet } from './fixtures.js';

/**
 * What the /media end-to-end tests (audio-*.test.ts) share: a catalogue-only
 * app listening on a loopback port (the raw hot path), its songs, and an
 * ffmpeg that counts how often it is started.
 */

/** The system's ffmpeg on both engines; the npm-shipped fallback binary (2018 build) on one. */
const NPM_FFMPEG = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
export const CASES = [
  ...ENGINES.map((engine) => ({ engine, label: 'system ffmpeg', ffmpeg: 'ffmpeg' })),
  { engine: ENGINES[0], label: 'npm-shipped ffmpeg', ffmpeg: NPM_FFMPEG },
];

/**
 * The songs, by id: lossless1 (a 20 s FLAC, "Battle Epic"), low64 (an MP3 at
 * 64 kbps), shared1 (FLAC, a title and folder with non-ASCII characters),
 * broken1 (not audio), gone1 (no file), escape1 (a path out of the music
 * folder), linkout1 (a link to a song outside it).
 */
export function useAudioServer({ engine, label, ffmpeg }: (typeof CASES)[number]) {
  const state = {} as { t: TestApp; port: number; spawnLog: string };

  beforeAll(async () => {
    const work = await mkdtemp(join(tmpdir(), `lyra-media-${engine}-${label.split(' ')[0]}-`));
    const musicDir = join(work, 'music');
    await mkdir(join(musicDir, 'Album Ünïcode'), { recursive: true });
    await excerpt(musicDir, 'lossless.flac', ['-c:a', 'flac']);
    await excerpt(musicDir, 'low.mp3', ['-c:a', 'libmp3lame', '-b:a', '64k'], 10);
    await excerpt(join(musicDir, 'Album Ünïcode'), 'shared:one.flac', ['-c:a', 'flac'], 8);
    await writeFile(join(musicDir, 'broken.ogg'), Buffer.alloc(4096, 7));
    // A link inside the music folder to a real song outside it.
    await excerpt(work, 'outside-real.flac', ['-c:a', 'flac'], 4);
    await symlink(join(work, 'outside-real.flac'), join(musicDir, 'linked-out.flac'));
    // ffmpeg behind a wrapper that counts how often it is started.
    state.spawnLog = join(work, 'spawns.log');
    const wrapper = join(work, 'ffmpeg-counting.sh');
    await writeFile(wrapper, `#!/bin/sh\necho run >> '${state.spawnLog}'\nexec '${ffmpeg}' "$@"\n`);
    await chmod(wrapper, 0o755);

    const t = (state.t = await createTestApp(engine, { MUSIC_DIR: musicDir, FFMPEG_PATH: wrapper, TRANSCODE_CONCURRENCY: '2' }, ['catalogue']));
    const db = t.testDb.db;
    await insertTrack(db, musicDir, { id: 'lossless1', path: 'lossless.flac', title: 'Battle Epic', codec: 'flac', bitrateKbps: 700 });
    await insertTrack(db, musicDir, { id: 'low64', path: 'low.mp3', title: 'Low', codec: 'mp3', bitrateKbps: 64 });
    await insertTrack(db, musicDir, {
      id: 'shared1',
      path: 'Album Ünïcode/shared:one.flac',
      title: 'Café "Noir" / Ünïcode',
      codec: 'flac',
      bitrateKbps: 900,
    });
    await insertTrack(db, musicDir, { id: 'broken1', path: 'broken.ogg', codec: 'vorbis', bitrateKbps: 96 });
    await insertTrack(db, musicDir, { id: 'gone1', path: 'missing.flac', codec: 'flac', bitrateKbps: 900 });
    await insertTrack(db, musicDir, { id: 'escape1', path: '../outside.flac', codec: 'flac', bitrateKbps: 900 });
    await insertTrack(db, musicDir, { id: 'linkout1', path: 'linked-out.flac', codec: 'flac', bitrateKbps: 900 });
    const server: Server = t.app.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    state.port = portOf(server.address());
    return async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await t.close();
      await rm(work, { recursive: true, force: true });
    };
  });

  /** A request over the socket. */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawGet(state.port, path, headers, method);
  /** How often ffmpeg has been started. */
  const spawns = async () => (await readFile(state.spawnLog, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
  /** The cached file of a song's tier. */
  const cachedFile = async (id: string, kbps: number) => {
    const dir = join(state.t.dataDir, 'cache/audio', id);
    const name = (await readdir(dir)).find((f) => f.startsWith(`${kbps}-`) && f.endsWith('.mp4'));
    return readFile(join(dir, name!));
  };
  return { state, get, spawns, cachedFile };
}
