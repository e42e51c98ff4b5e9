import { execFile } from 'node:child_process';
import { mkdir, stat } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../../config.js';
import type { Db } from '../../../db/db.js';

const run = promisify(execFile);

/** A real demo song (Ogg Vorbis, 44.1 kHz stereo, tagged on the stream). */
export const DEMO_SONG = join(REPO_ROOT, 'data/demo-music/wesnoth-1.16-music/battle-epic.ogg');

/** A 20 s excerpt of the demo song in another format, written into `dir`. */
export async function excerpt(dir: string, name: string, codecArgs: string[], seconds = 20): Promise<string> {
  await mkdir(dir, { recursive: true });
  const out = join(dir, name);
  await run('ffmpeg', ['-v', 'error', '-y', '-i', DEMO_SONG, '-t', String(seconds), '-map_metadata', '0:s:a:0', ...codecArgs, out]);
  return out;
}

export interface TrackRow {
  id: string;
  /** Relative to MUSIC_DIR. */
  path: string;
  title?: string;
  codec?: string | null;
  bitrateKbps?: number | null;
  durationS?: number | null;
}

/** Inserts a track row the way the scanner would, with the file's real size and mtime. */
export async function insertTrack(db: Db, musicDir: string, t: TrackRow): Promise<void> {
  const s = await stat(join(musicDir, t.path)).catch(() => ({ size: 1, mtimeMs: 1 }));
  await db.query(
    `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title, duration_s, codec, bitrate_kbps)
     values ($1, $2, $3, $4, $5, $6, lower($6), $7, $8, $9)`,
    [t.id, t.path, s.size, Math.floor(s.mtimeMs), `fp-${t.id}`, t.title ?? t.id, t.durationS ?? 20, t.codec ?? null, t.bitrateKbps ?? null],
  );
}

export interface Probe {
  formatName: string;
  codec: string;
  profile: string;
  sampleRate: number;
  channels: number;
  durationS: number;
  /** Audio payload only (sum of packet sizes over duration), so container overhead does not count. */
  kbps: number;
  tags: Record<string, string>;
}

/** ffprobe of a file; decode errors make it throw. */
export async function probe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', [
    '-v', 'error',
    '-show_entries', 'format=format_name,duration:format_tags:stream=codec_name,profile,sample_rate,channels:packet=size,duration_time',
    '-select_streams', 'a:0',
    '-show_packets',
    '-of', 'json',
    file,
  ], { maxBuffer: 64 * 1024 * 1024 });
  const j = JSON.parse(stdout) as {
    format: { format_name: string; duration?: string; tags?: Record<string, string> };
    streams: { codec_name: string; profile: string; sample_rate: string; channels: number }[];
    packets: { size: string; duration_time?: string }[];
  };
  const s = j.streams[0]!;
  const bytes = j.packets.reduce((n, p) => n + Number(p.size), 0);
  const packetSeconds = j.packets.reduce((n, p) => n + Number(p.duration_time ?? 0), 0);
  const durationS = packetSeconds || Number(j.format.duration);
  return {
    formatName: j.format.format_name,
    codec: s.codec_name,
    profile: s.profile,
    sampleRate: Number(s.sample_rate),
    channels: s.channels,
    durationS,
    kbps: (bytes * 8) / durationS / 1000,
    tags: j.format.tags ?? {},
  };
}

/** Fully decodes a file with ffmpeg; resolves to its stderr (empty when it decoded cleanly). */
export async function decodeErrors(file: string): Promise<string> {
  const { stderr } = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-']);
  return stderr;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request sent byte-for-byte as given (no URL normalising), as a hostile client would. */
export function rawGet(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export const portOf = (address: AddressInfo | string | null): number => (address as AddressInfo).port;

/**
 * A reader that leaves mid-body, as a browser does on every seek: sends the
 * request, and destroys the connection once the first body bytes (or the end)
 * arrived. Resolves to the status it saw.
 */
export function rawGetAborted(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const leave = () => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      };
      res.once('data', leave);
      res.once('end', leave);
    });
    req.on('error', reject);
    req.end();
  });
}
