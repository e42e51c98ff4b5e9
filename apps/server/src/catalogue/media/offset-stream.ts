import { spawn } from 'node:child_process';
import { PassThrough, type Readable } from 'node:stream';
import type { BitrateKbps } from '@lyra/contracts/ids';
import type { AudioFormat, OffsetSeek } from './media-paths.js';
import { encoderArgs, QUIET_FILES_ONLY, type SourceAudio } from './tiers.js';

/**
 * A tier of a song from `offsetS` on, encoded now and streamed as it comes:
 * what a listener gets who seeks while the song's first transcode is still
 * filling the cache (that file cannot be read at an offset until it is done).
 *
 * The fragments carry the song's own times (`-copyts`, `frag_discont`): the
 * first fragment's decode time is `offsetS`, so a browser's audio element
 * reports positions in the song (61.4 s, not 1.4 s) and needs no offset
 * arithmetic. Nothing is cached; the cache fill goes on beside it.
 *
 * Subsonic's `stream` (`seek: 'server'`) counts times from 0, as its players expect (and MP3 has no
 * times to keep).
 */
export function offsetArgs(
  input: string,
  kbps: BitrateKbps,
  source: SourceAudio,
  offsetS: number,
  format: AudioFormat = 'aac',
  seek: OffsetSeek = 'player',
): string[] {
  const songTimes = seek === 'player' && format === 'aac';
  return [
    ...QUIET_FILES_ONLY,
    // Before -i: a fast seek in the input, then exact decoding from there.
    '-ss', offsetS.toFixed(3),
    ...(songTimes ? ['-copyts'] : []),
    '-i', `file:${input}`,
    '-map', '0:a:0',
    '-vn', '-sn', '-dn',
    '-map_metadata', '-1',
    ...encoderArgs(kbps, source, format),
    ...(format === 'mp3'
      ? ['-f', 'mp3']
      : [
          // Keep the input's times in the output instead of shifting them to 0.
          ...(songTimes ? ['-avoid_negative_ts', 'disabled'] : []),
          '-f', 'mp4',
          '-movflags', songTimes ? 'empty_moov+default_base_moof+frag_discont' : 'empty_moov+default_base_moof',
          '-frag_duration', '1000000',
        ]),
    'pipe:1',
  ];
}

export interface OffsetStream {
  body: Readable;
  /** Resolves once the first bytes are out ('data'), or ffmpeg ended without any ('failed'). */
  ready: Promise<'data' | 'failed'>;
  /** ffmpeg's last words when it failed. */
  error(): string;
}

/** Runs ffmpeg for one listener; destroying `body` (the client left) kills it. */
export function startOffsetStream(ffmpeg: string, args: string[]): OffsetStream {
  const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const body = new PassThrough();
  let stderr = '';
  let sawData = false;
  let settle: (v: 'data' | 'failed') => void = () => {};
  const ready = new Promise<'data' | 'failed'>((resolve) => (settle = resolve));

  child.stderr!.on('data', (d: Buffer) => {
    if (stderr.length < 4096) stderr += d.toString();
  });
  child.stdout!.once('data', () => {
    sawData = true;
    settle('data');
  });
  child.stdout!.pipe(body);
  child.on('error', (e) => {
    stderr ||= e.message;
    settle('failed');
    body.destroy(e);
  });
  child.on('close', (code) => {
    if (!sawData) settle('failed');
    // A cut-off stream must not look like a whole song to the player.
    if (code !== 0 && code !== null && sawData) body.destroy(new Error(`ffmpeg exited with ${code}`));
  });
  body.on('close', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { body, ready, error: () => stderr.trim().split('\n').slice(-3).join(' ') };
}
