import { request } from 'node:http';
import { ConfigError, loadConfig, type Config } from './config.js';
import { liveAdminEndpoint } from './db/admin-file.js';
import type { Db } from './db/db.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open.js';

/**
 * What every `admin <command>` (cli/admin.ts) shares: reading its command line, asking the
 * running server's loopback admin listener when one holds the data folder (else doing the work
 * here), and turning failures into one `error:` line and an exit code. Each command brings its
 * own parser, error kind, request and local work.
 */
export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

/** A command's own kind of failure: its message is what the administrator reads. */
export type FailureKind = new (message: string) => Error;

/**
 * The parsed command, or the exit code when there is nothing to run: the usage after a
 * wrong command line (2), or asked for (0: `parse` returned null or threw without a message).
 */
export function readCommandLine<C>(argv: readonly string[], io: AdminIo, parse: (argv: readonly string[]) => C | null, usage: string, failure: FailureKind): C | number {
  try {
    const cmd = parse(argv);
    if (cmd !== null) return cmd;
    io.err(usage);
    return 0;
  } catch (e) {
    if (!(e instanceof failure)) throw e;
    if (e.message) io.err(`error: ${e.message}`);
    io.err(usage);
    return e.message ? 2 : 0;
  }
}

/**
 * Runs a command: `remote` against the running server's admin listener if there is one, else
 * `local` here; prints the lines `print` makes of the result. Resolves to the exit code (0 done,
 * 1 failed, 2 wrong settings).
 */
export async function runAdminCommand<T>(
  env: Record<string, string | undefined>,
  io: AdminIo,
  steps: { failure: FailureKind; remote(url: string, token: string): Promise<T>; local(config: Config): Promise<T>; print(result: T): string[] },
): Promise<number> {
  try {
    const config = loadConfig(env);
    const endpoint = await liveAdminEndpoint(config.DATA_DIR);
    let result: T;
    if (endpoint) {
      if (endpoint.url === null) throw new steps.failure(`a server (pid ${endpoint.pid}) is starting on ${config.DATA_DIR}; try again in a moment`);
      result = await steps.remote(endpoint.url, endpoint.token);
    } else {
      result = await steps.local(config);
    }
    for (const line of steps.print(result)) io.out(line);
    return 0;
  } catch (e) {
    if (e instanceof steps.failure || e instanceof ConfigError) {
      io.err(`error: ${e.message}`);
      return e instanceof ConfigError ? 2 : 1;
    }
    throw e;
  }
}

/** A whole `admin <command>`: its command line (readCommandLine), then its work (runAdminCommand). */
export interface AdminCommand<C, T> {
  parse(argv: readonly string[]): C | null;
  usage: string;
  /** What `parse` throws at a wrong command line; `failure` by default. */
  usageError?: FailureKind;
  failure: FailureKind;
  remote(url: string, token: string, cmd: C): Promise<T>;
  local(config: Config, cmd: C): Promise<T>;
  print(result: T, cmd: C): string[];
}

/** Runs an AdminCommand; resolves to the exit code (0 done, 1 failed, 2 wrong command line or settings). */
export async function adminCommandMain<C, T>(argv: readonly string[], env: Record<string, string | undefined>, io: AdminIo, command: AdminCommand<C, T>): Promise<number> {
  const cmd = readCommandLine(argv, io, command.parse, command.usage, command.usageError ?? command.failure);
  if (typeof cmd === 'number') return cmd;
  return runAdminCommand(env, io, {
    failure: command.failure,
    remote: (url, token) => command.remote(url, token, cmd),
    local: (config) => command.local(config, cmd),
    print: (result) => command.print(result, cmd),
  });
}

/**
 * POSTs `payload` (JSON, or nothing) to `path` of the admin listener at `url`; resolves to the
 * status and the JSON body (empty when it is not JSON). No answer is a `failure`.
 */
export function postToAdminListener<B extends object>(url: string, path: string, token: string, payload: string | null, failure: FailureKind): Promise<{ status: number; body: Partial<B> }> {
  const headers: Record<string, string | number> = { authorization: `Bearer ${token}` };
  if (payload !== null) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, url), { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let body: Partial<B> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<B>;
        } catch {
          // the caller reads the status
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', (e) => reject(new failure(`the server at ${url} does not answer (${e.message})`)));
    if (payload !== null) req.end(payload);
    else req.end();
  });
}

/**
 * Asks the admin listener at `url` for `path` (see postToAdminListener); resolves to what `answer`
 * reads from a 200 reply, else fails with the reply's `error` or its status.
 */
export async function askAdminListener<B extends object, T>(
  url: string,
  path: string,
  token: string,
  payload: string | null,
  failure: FailureKind,
  answer: (body: Partial<B>) => T | undefined,
): Promise<T> {
  const { status, body } = await postToAdminListener<B & { error: string }>(url, path, token, payload, failure);
  const result = status === 200 ? answer(body) : undefined;
  if (result !== undefined && result !== null) return result;
  throw new failure(body.error ?? `the server answered ${status}`);
}

/**
 * Opens the data folder's database in this process (no server holds it), brings the named
 * modules' tables up to date, runs `work` on it and closes it again.
 */
export async function withDataFolderDb<T>(config: Config, modules: readonly string[], work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    for (const module of modules) await migrate(db, module);
    return await work(db);
  } finally {
    await db.close();
  }
}
