import { resolve } from 'node:path';
import type { PreviewDoc } from '../documents/video-documents.js';
import { AdminError, type AdminTarget } from './admin-client.js';

export const USAGE = `usage: npm run admin -- video <command>
  video add <songId> <file>   attach a music video file to a song (re-encoded; the song's audio is kept)
  video render <songId>       render the song's cover + spectrum preview now
  video list                  list the songs that have a video preview
  video remove <songId>       delete a song's video preview`;

export type Command =
  | { name: 'add'; songId: string; file: string }
  | { name: 'render'; songId: string }
  | { name: 'list' }
  | { name: 'remove'; songId: string };

/** Exit codes: 0 done, 1 the command failed, 2 the command line is wrong. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Reads `video <command> ...`; files are made absolute here, since a server may have another cwd. */
export function parseCommand(argv: readonly string[], cwd = process.cwd()): Command {
  const [area, name, ...rest] = argv;
  if (area === undefined || area === 'help' || area === '--help' || area === '-h') throw new UsageError('');
  if (area !== 'video') throw new UsageError(`unknown area ${JSON.stringify(area)}: only "video" is supported`);
  const want = (n: number, what: string) => {
    if (rest.length !== n) throw new UsageError(`video ${name} takes ${what}`);
  };
  switch (name) {
    case 'add':
      want(2, '<songId> <file>');
      return { name, songId: rest[0]!, file: resolve(cwd, rest[1]!) };
    case 'render':
      want(1, '<songId>');
      return { name, songId: rest[0]! };
    case 'list':
      want(0, 'no arguments');
      return { name };
    case 'remove':
      want(1, '<songId>');
      return { name, songId: rest[0]! };
    default:
      throw new UsageError(name === undefined ? 'missing command' : `unknown command video ${JSON.stringify(name)}`);
  }
}

/** Runs one command; prints results to `out` and returns the exit code (errors are the caller's to print). */
export async function runCommand(cmd: Command, target: AdminTarget, out: (line: string) => void): Promise<number> {
  switch (cmd.name) {
    case 'add': {
      const doc = await target.add(cmd.songId, cmd.file);
      out(`attached ${cmd.file} to song ${doc.song_id}`);
      out(`video: ${doc.aws_url}`);
      out(`audio: ${doc.audio_url ?? '-'}`);
      return EXIT.ok;
    }
    case 'render': {
      const doc = await target.render(cmd.songId);
      out(`rendered the preview of song ${doc.song_id}`);
      out(`video: ${doc.aws_url}`);
      return EXIT.ok;
    }
    case 'list': {
      const docs = await target.list();
      if (docs.length === 0) out('no video previews');
      for (const line of table(docs)) out(line);
      return EXIT.ok;
    }
    case 'remove': {
      if (!(await target.remove(cmd.songId))) throw new AdminError(`song ${cmd.songId} has no video preview`);
      out(`removed the video preview of song ${cmd.songId}`);
      return EXIT.ok;
    }
  }
}

function table(docs: readonly PreviewDoc[]): string[] {
  if (docs.length === 0) return [];
  const rows = [['SONG', 'VIDEO', 'AUDIO'], ...docs.map((d) => [d.song_id, d.aws_url, d.audio_url ?? '-'])];
  const widths = [0, 1].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => `${r[0]!.padEnd(widths[0]!)}  ${r[1]!.padEnd(widths[1]!)}  ${r[2]}`.trimEnd());
}
