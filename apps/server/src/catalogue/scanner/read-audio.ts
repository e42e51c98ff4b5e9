import { createHash } from 'node:crypto';
import { close as closeFd, open as openFd, read as readFd } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import type { IFormat } from 'music-metadata';
import { oggDurationS } from './ogg-duration.js';
import { shareTagTables } from './tag-tables.js';
import { mapFormat, mapTags, undecodableReason, type AudioFormat, type TrackTags } from './tag-mapping.js';

/** Bytes hashed from each end of a file for its fingerprint (also enough for an Ogg page, max 65,307 bytes). */
export const EDGE_BYTES = 64 * 1024;

export interface Picture {
  data: Uint8Array;
  mime: string;
}

export interface AudioFile {
  tags: TrackTags;
  format: AudioFormat;
  /** Hash of size + head + tail bytes: a moved or renamed file keeps it. */
  fingerprint: string;
  picture: Picture | null;
}

/** A file no parser could read; the message goes to scan_errors. */
export class UnreadableFile extends Error {}

export type ReadAudio = (absPath: string, sizeBytes: number) => Promise<AudioFile>;

/** The parser, loaded at the first file read: a server or command that reads no file never pays for it. */
const parser = () => import('music-metadata');

async function readEdges(absPath: string, size: number): Promise<{ head: Buffer; tail: Buffer }> {
  const fh = await open(absPath, 'r');
  try {
    const head = Buffer.alloc(Math.min(EDGE_BYTES, size));
    await fh.read(head, 0, head.length, 0);
    if (size <= EDGE_BYTES) return { head, tail: head };
    const tail = Buffer.alloc(Math.min(EDGE_BYTES, size - head.length));
    await fh.read(tail, 0, tail.length, size - tail.length);
    return { head, tail };
  } finally {
    await fh.close();
  }
}

export function fingerprintOf(size: number, head: Buffer, tail: Buffer): string {
  return createHash('sha256').update(`${size}\0`).update(head).update(tail).digest('base64url');
}

/** No song is this big (an hour of 24-bit/192 kHz 5.1 FLAC is about 1.5 GiB): such a file is reported and skipped. */
export const MAX_AUDIO_BYTES = 2 * 1024 ** 3;
/** Reading every frame for a duration is done up to this size; past it the duration is estimated from the bitrate. */
export const FULL_READ_MAX_BYTES = 64 * 1024 ** 2;
/** A file whose tags take longer than this to read is reported and skipped. */
export const READ_TIMEOUT_MS = 30_000;

/**
 * Reads tags and format headers only: `duration: false`, because for Ogg
 * music-metadata would read the whole file; its duration comes from the last
 * page instead. Covers are kept (the first one wins, front cover preferred).
 * No file can stall a scan: over MAX_AUDIO_BYTES or READ_TIMEOUT_MS it is
 * unreadable, and whole-file reads stop at FULL_READ_MAX_BYTES.
 */
export const readAudioFile: ReadAudio = async (absPath, sizeBytes) => {
  if (sizeBytes === 0) throw new UnreadableFile('empty file');
  if (sizeBytes > MAX_AUDIO_BYTES) throw new UnreadableFile(`too large for a song: ${sizeBytes} bytes (the limit is ${MAX_AUDIO_BYTES})`);
  return withTimeout(readAudio(absPath, sizeBytes), READ_TIMEOUT_MS);
};

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnreadableFile(`took over ${ms / 1000} s to read`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A file this small is read whole, once: its fingerprint and its tags come from the same bytes. */
export const WHOLE_READ_MAX_BYTES = 1024 * 1024;

const ZERO_EDGE = Buffer.alloc(EDGE_BYTES);
const allZeros = (b: Buffer) => b.equals(ZERO_EDGE.subarray(0, b.length));
export const ZEROS_MESSAGE = 'no audio: nothing but zero bytes at its start and end (a sparse file, or a download not finished?)';

/** The fingerprint's edges of a file read whole (as readEdges would read them). */
function edgesOf(whole: Buffer): { head: Buffer; tail: Buffer } {
  const head = whole.subarray(0, Math.min(EDGE_BYTES, whole.length));
  if (whole.length <= EDGE_BYTES) return { head, tail: head };
  return { head, tail: whole.subarray(whole.length - Math.min(EDGE_BYTES, whole.length - head.length)) };
}

/**
 * A small file's bytes, or null when its size is no longer the one statted (it changed since:
 * read as a large file would be). One open, one read of a byte more than the size (which tells a
 * file that grew) and one close, on the callback API: each call is a trip through the I/O thread
 * pool, and fs/promises' readFile takes five (open, stat, read, read to the end, close) with a
 * FileHandle and promises around each. These trips, not the bytes, were most of a small file's
 * reading CPU.
 */
function readWhole(absPath: string, sizeBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    openFd(absPath, 'r', (openError, fd) => {
      if (openError) return reject(openError);
      const buf = Buffer.allocUnsafeSlow(sizeBytes + 1);
      const done = (e: Error | null, filled: number) =>
        closeFd(fd, () => (e ? reject(e) : resolve(filled === sizeBytes ? buf.subarray(0, filled) : null)));
      // A read may return less than asked before the end (FUSE, network filesystems): read on until the end.
      const next = (filled: number) =>
        readFd(fd, buf, filled, buf.length - filled, filled, (e, n) => {
          if (e) return done(e, filled);
          if (n === 0 || filled + n === buf.length) return done(null, filled + n);
          next(filled + n);
        });
      next(0);
    });
  });
}

async function readAudio(absPath: string, sizeBytes: number): Promise<AudioFile> {
  // Changed since it was statted (null): read as a large file would be.
  const whole = sizeBytes <= WHOLE_READ_MAX_BYTES ? await readWhole(absPath, sizeBytes) : null;
  const { head, tail } = whole ? edgesOf(whole) : await readEdges(absPath, sizeBytes);
  // A parser would search gigabytes of zeros for a frame until READ_TIMEOUT_MS.
  if (allZeros(head) && allZeros(tail)) throw new UnreadableFile(ZEROS_MESSAGE);
  await shareTagTables();
  const { parseBuffer, parseFile } = await parser();
  let meta;
  try {
    const opts = { duration: false, skipCovers: false };
    meta = whole ? await parseBuffer(whole, { path: absPath, size: sizeBytes }, opts) : await parseFile(absPath, opts);
  } catch (e) {
    throw new UnreadableFile(e instanceof Error ? e.message : String(e));
  }
  const { format, common, native } = meta;
  let durationS = format.container?.toLowerCase() === 'ogg' ? oggDurationS(head, tail) : null;
  let audioFormat;
  if (durationS === null && format.duration === undefined && format.codec) {
    durationS = sizeBytes <= FULL_READ_MAX_BYTES ? await fullDuration(absPath, sizeBytes) : estimatedDuration(format, sizeBytes);
    // The headers' bitrate is the first frame's; the file's average is closer.
    audioFormat = mapFormat({ ...format, bitrate: undefined }, sizeBytes, durationS);
  } else if (durationS === null && shorterThanClaimed(format, sizeBytes)) {
    // A cut-off download: its header's bitrate (an average over the whole stream for VBR) times what is left.
    audioFormat = mapFormat(format, sizeBytes, estimatedDuration(format, sizeBytes));
  } else {
    audioFormat = mapFormat(format, sizeBytes, durationS);
  }
  const reason = undecodableReason(audioFormat, sizeBytes);
  if (reason) throw new UnreadableFile(reason);
  const pictures = common.picture ?? [];
  const picture = pictures.find((p) => /front/i.test(p.type ?? '')) ?? pictures[0];
  return {
    tags: mapTags(common, native, basename(absPath)),
    format: audioFormat,
    fingerprint: fingerprintOf(sizeBytes, head, tail),
    picture: picture && picture.data.length > 0 ? { data: picture.data, mime: picture.format } : null,
  };
}

/**
 * A header (an MP3's Xing/Info frame count) claiming more audio than the file
 * holds at its bitrate: a cut-off download, whose real duration is what is
 * left at that bitrate.
 */
const HELD_SHARE = 0.9;
function shorterThanClaimed(format: IFormat, sizeBytes: number): boolean {
  const { duration, bitrate } = format;
  if (!duration || !bitrate || !Number.isFinite(duration) || !Number.isFinite(bitrate)) return false;
  return sizeBytes < ((bitrate * duration) / 8) * HELD_SHARE;
}

/** The size at the header's bitrate (as ffprobe estimates a duration it cannot read). */
function estimatedDuration(format: IFormat, sizeBytes: number): number | null {
  return format.bitrate && Number.isFinite(format.bitrate) && format.bitrate > 0 ? (sizeBytes * 8) / format.bitrate : null;
}

/**
 * The slow path, for the rare stream whose headers give no duration (an MP3
 * without a Xing header, Ogg FLAC or Speex): the parser reads every frame.
 * Random bytes hold a few frame-like patterns, so the frames found must make
 * up a real share of the file (a VBR MP3 is ~100%, noise ~1%).
 */
const MIN_AUDIO_SHARE = 0.05;
async function fullDuration(absPath: string, sizeBytes: number): Promise<number | null> {
  const { parseFile } = await parser();
  let format;
  try {
    format = (await parseFile(absPath, { duration: true, skipCovers: true })).format;
  } catch {
    return null;
  }
  const { duration, bitrate } = format;
  if (!duration || !bitrate) return null;
  if ((bitrate * duration) / 8 < sizeBytes * MIN_AUDIO_SHARE) throw new UnreadableFile('mostly not audio: too few decodable frames');
  return duration;
}
