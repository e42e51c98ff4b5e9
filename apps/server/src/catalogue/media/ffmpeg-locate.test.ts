import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../log.js';
import { ENGINES } from '../../test/db.js';
import { createTestApp } from '../../test/app.js';
import { findOnPath, locateTools } from './ffmpeg-locate.js';

describe('locateTools', () => {
  let dir: string;
  let lines: string[];
  const log = () => createLogger('debug', {}, (l) => lines.push(l));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lyra-locate-'));
    await writeFile(join(dir, 'ffmpeg'), '#!/bin/sh\n');
    await chmod(join(dir, 'ffmpeg'), 0o755);
    await writeFile(join(dir, 'ffprobe'), 'not executable');
    return () => rm(dir, { recursive: true, force: true });
  });

  it('finds executables on a PATH list and skips files that are not executable', () => {
    expect(findOnPath('ffmpeg', `/nonexistent:${dir}`)).toBe(join(dir, 'ffmpeg'));
    expect(findOnPath('ffprobe', dir)).toBeNull();
    expect(findOnPath('ffmpeg', 'relative/dir')).toBeNull();
    expect(findOnPath('ffmpeg', undefined)).toBeNull();
  });

  it('prefers FFMPEG_PATH and FFPROBE_PATH over the PATH', () => {
    lines = [];
    const tools = locateTools({ FFMPEG_PATH: join(dir, 'ffmpeg'), FFPROBE_PATH: undefined }, log(), '/usr/bin:/bin');
    expect(tools.ffmpeg).toBe(join(dir, 'ffmpeg'));
    expect(tools.ffprobe).toBe('/usr/bin/ffprobe');
    expect(lines).toEqual([]);
  });

  it('falls back to the npm-shipped binaries when the system has none', () => {
    lines = [];
    const tools = locateTools({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined }, log(), '');
    expect(tools.ffmpeg).toMatch(/node_modules\/@ffmpeg-installer\/.+\/ffmpeg$/);
    expect(tools.ffprobe).toMatch(/node_modules\/@ffprobe-installer\/.+\/ffprobe$/);
    expect(execFileSync(tools.ffmpeg!, ['-hide_banner', '-encoders']).toString()).toMatch(/\baac\b/);
    // One line says which ffmpeg is in use; nothing is an error.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('INFO using the npm-shipped ffmpeg (a 2018 static build)');
  });

  it('says clearly when a configured path is not executable or nothing is found', () => {
    lines = [];
    const tools = locateTools({ FFMPEG_PATH: join(dir, 'nope'), FFPROBE_PATH: join(dir, 'ffprobe') }, log(), '');
    expect(tools).toEqual({ ffmpeg: null, ffprobe: null });
    expect(lines.some((l) => l.includes('ERROR FFMPEG_PATH is not an executable file'))).toBe(true);
    expect(lines.some((l) => l.includes('ERROR FFPROBE_PATH is not an executable file'))).toBe(true);
    expect(lines.some((l) => l.includes('WARN ffmpeg not found: /media answers 503'))).toBe(true);
  });
});

describe.each(ENGINES)('media without ffmpeg (%s)', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { FFMPEG_PATH: '/nonexistent/ffmpeg' }, ['catalogue']);
    await t.testDb.db.query(
      `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title) values ('t1', 'x.flac', 1, 1, 'f', 'X', 'x')`,
    );
    await mkdir(t.config.MUSIC_DIR, { recursive: true });
    await writeFile(join(t.config.MUSIC_DIR, 'x.flac'), 'x');
    return () => t.close();
  });

  it('answers 503 in the catalogue error shape when a song needs transcoding', async () => {
    const r = await t.app.request('/media/t1/96.mp4');
    expect(r.status).toBe(503);
    expect(await r.json()).toEqual({
      success: false,
      message: 'audio transcoding is unavailable: ffmpeg is not installed on the server',
    });
  });

  it('still serves covers', async () => {
    const r = await t.app.request('/images/default/50.jpg');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
  });
});
