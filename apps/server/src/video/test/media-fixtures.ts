import { execFile } from 'node:child_process';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../config.js';
import type { Queryable } from '../../db/db.js';
import { makeCover, makeTrack } from '../../catalogue/test/factory.js';

const run = promisify(execFile);

/** A real recording from the demo library (wesnoth-1.16-music, GPL-2+). */
export const DEMO_SONG = join(REPO_ROOT, 'data/demo-music/wesnoth-1.16-music/battle-epic.ogg');

const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** A short excerpt of the demo song, re-encoded so its length is exact. */
export async function makeSong(dir: string, name: string, seconds: number): Promise<string> {
  const out = join(dir, name);
  await ffmpeg(['-ss', '20', '-t', String(seconds), '-i', DEMO_SONG, '-map_metadata', '0:s:a:0', '-c:a', 'libvorbis', '-q:a', '2', out]);
  return out;
}

/** A file named like a song that no decoder can read. */
export async function makeBrokenSong(dir: string, name: string): Promise<string> {
  const out = join(dir, name);
  await writeFile(out, Buffer.concat([Buffer.from('OggS'), Buffer.alloc(4000, 0x5a)]));
  return out;
}

/** A 4:3 test picture standing in for album art. */
export async function makeCoverImage(out: string): Promise<string> {
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=640x480', '-frames:v', '1', out]);
  return out;
}

/** A 16:9 "music video" with its own sound. */
export async function makeMusicVideo(dir: string, seconds: number): Promise<string> {
  const out = join(dir, 'clip.mp4');
  await ffmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', out,
  ]);
  return out;
}

export interface Probe {
  durationS: number;
  codec: string;
  pixFmt: string;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** What ffprobe reads from a file; decoding every frame proves it plays through. */
export async function probeVideo(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', [
    '-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,pix_fmt,width,height', '-of', 'json', file,
  ]);
  const j = JSON.parse(stdout) as {
    format: { duration: string };
    streams: { codec_type: string; codec_name: string; pix_fmt?: string; width?: number; height?: number }[];
  };
  const v = j.streams.find((s) => s.codec_type === 'video');
  if (!v) throw new Error(`${file} has no video stream`);
  // Decode it all: a file that probes but cannot be decoded fails here.
  await run('ffmpeg', ['-v', 'error', '-xerror', '-i', file, '-f', 'null', '-']);
  return {
    durationS: Number(j.format.duration),
    codec: v.codec_name,
    pixFmt: v.pix_fmt ?? '',
    width: v.width ?? 0,
    height: v.height ?? 0,
    hasAudio: j.streams.some((s) => s.codec_type === 'audio'),
  };
}

export async function audioDurationS(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

/**
 * A library song as the scanner would record it: a track row for a file in
 * MUSIC_DIR, with its cover's bytes in DATA_DIR/covers when it has one.
 */
export async function addLibrarySong(
  db: Queryable,
  opts: { musicDir: string; dataDir: string; file: string; title: string; cover?: string | null; bitrateKbps?: number },
): Promise<{ id: string; durationS: number }> {
  const durationS = await audioDurationS(opts.file).catch(() => 30);
  let coverId: string | null = null;
  if (opts.cover) {
    coverId = await makeCover(db);
    await mkdir(join(opts.dataDir, 'covers'), { recursive: true });
    await copyFile(opts.cover, join(opts.dataDir, 'covers', coverId));
  }
  const id = await makeTrack(db, {
    title: opts.title,
    artists: ['Wesnoth Composers'],
    path: opts.file.slice(opts.musicDir.length + 1),
    durationS,
    coverId,
    bitrateKbps: opts.bitrateKbps ?? 128,
  });
  return { id, durationS };
}

/** The average colour [r, g, b] of a 32x32 patch near the top-left corner of the frame at `atS`. */
export async function cornerColour(file: string, atS = 1): Promise<number[]> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-ss', String(atS), '-i', file, '-frames:v', '1', '-vf', 'crop=32:32:8:8,scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer' },
  );
  return [...stdout];
}
