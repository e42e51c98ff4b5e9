import { postToAdminListener, readCommandLine, runAdminCommand, type AdminIo } from '../../admin-command.js';
import { loadConfig } from '../../config.js';
import { migrate } from '../../db/migrate.js';
import { openDatabase } from '../../db/open.js';
import { createLogger } from '../../log.js';
import type { ScanReport } from './scan-run.js';
import { createScanner } from './scanner-service.js';

export const SCAN_USAGE = `usage: npm run admin -- scan [--full] [--json]
  Scans the music folder and waits: through the running server's loopback admin API, or on the data folder
  directly when no server runs. Unchanged folders are skipped (their mtime and entry count are the same);
  --full stats every file (a song whose tags were rewritten in place is seen only then, or by the watcher).
  Prints files, added, updated, removed, failed and seconds (--json: one JSON object).`;

export interface ScanCommand {
  full: boolean;
  json: boolean;
}

export interface ScanSummary {
  files: number;
  added: number;
  updated: number;
  removed: number;
  failed: number;
  seconds: number;
}

export class ScanCommandError extends Error {
  override name = 'ScanCommandError';
}

/** Reads `[--full] [--json]` (the words after `scan`); throws ScanCommandError('') for help. */
export function parseScanCommand(argv: readonly string[]): ScanCommand {
  if (argv.some((a) => a === 'help' || a === '--help' || a === '-h')) throw new ScanCommandError('');
  const unknown = argv.find((a) => a !== '--full' && a !== '--json');
  if (unknown !== undefined) {
    throw new ScanCommandError(unknown.startsWith('--') ? `unknown option ${unknown}` : `scan takes no argument (got ${JSON.stringify(unknown)})`);
  }
  return { full: argv.includes('--full'), json: argv.includes('--json') };
}

export const summarize = (r: ScanReport): ScanSummary => ({
  files: r.seen,
  added: r.added,
  updated: r.updated,
  removed: r.removed,
  failed: r.errors,
  seconds: Math.round(r.durationMs / 100) / 10,
});

export function formatSummary(s: ScanSummary, json: boolean): string {
  if (json) return JSON.stringify(s);
  return `scanned ${s.files} files in ${s.seconds} s: ${s.added} added, ${s.updated} updated, ${s.removed} removed, ${s.failed} failed`;
}

/** Asks the running server's loopback admin listener to scan, and waits for its report. */
async function remote(url: string, token: string, full: boolean): Promise<ScanReport> {
  const { status, body } = await postToAdminListener<{ success: boolean; data: ScanReport; message: string; error: string }>(
    url,
    `/admin/catalogue/rescan?wait=true&full=${full}`,
    token,
    null,
    ScanCommandError,
  );
  if (status === 200 && body.success && body.data) return body.data;
  throw new ScanCommandError(body.message ?? body.error ?? `the server answered ${status}`);
}

/** Opens the data folder's database here (no server holds it) and scans in this process. */
async function direct(env: Record<string, string | undefined>, full: boolean, progress: (line: string) => void): Promise<ScanReport> {
  const config = loadConfig({ ...env, SCAN_WATCH: 'off' });
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(db, 'catalogue');
    const log = createLogger('info', {}, progress);
    const scanner = createScanner({ config, db, log, now: Date.now });
    try {
      const report = await scanner.rescan(full ? 'full' : 'quick');
      if (!report.complete) throw new ScanCommandError(`the music folder ${config.MUSIC_DIR} is missing or unreadable, or another server instance is scanning it`);
      return report;
    } finally {
      await scanner.stop();
    }
  } finally {
    await db.close();
  }
}

/** `admin scan ...`; resolves to the exit code (0 done, 1 failed, 2 wrong command line). */
export async function scanAdminMain(argv: readonly string[], env: Record<string, string | undefined>, io: AdminIo): Promise<number> {
  const cmd = readCommandLine(argv, io, parseScanCommand, SCAN_USAGE, ScanCommandError);
  if (typeof cmd === 'number') return cmd;
  return runAdminCommand(env, io, {
    failure: ScanCommandError,
    remote: (url, token) => remote(url, token, cmd.full),
    // The scan's log (progress lines every 5 s) goes to stderr; stdout holds the summary alone.
    local: () => direct(env, cmd.full, (line) => io.err(line)),
    print: (report) => [formatSummary(summarize(report), cmd.json)],
  });
}
