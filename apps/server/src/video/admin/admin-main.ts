import { ConfigError, loadConfig, type Config } from '../../config.js';
import { createLogger, type Logger } from '../../log.js';
import { EXIT, parseCommand, runCommand, USAGE, UsageError } from './admin-cli.js';
import { AdminError, remoteTarget, Unreachable, type AdminTarget } from './admin-client.js';
import { adminFilePath, liveAdminEndpoint } from '../../db/admin-file.js';

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Opens the data folder's database in this process, as the server would, when
 * no server holds it (the command line passes cli/direct-target.ts's openDirect);
 * `close` releases the folder.
 */
export type OpenDirect = (config: Config, log: Logger) => Promise<{ target: AdminTarget; close(): Promise<void> }>;

const FAILURES = new Set(['AdminError', 'VideoError', 'RenderError', 'FfmpegError']);

/**
 * `admin video add|render|list|remove ...`; resolves to the exit code.
 *
 * With a server running on DATA_DIR (DATA_DIR/admin-token names a live pid)
 * the command goes to it over loopback, because the embedded database may be
 * opened by one process only. Otherwise the CLI opens the data folder itself,
 * through `openDirect`.
 */
export async function adminMain(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: AdminIo,
  openDirect: OpenDirect,
  cwd = process.cwd(),
): Promise<number> {
  let command;
  try {
    command = parseCommand(argv, cwd);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    if (e.message) io.err(`error: ${e.message}`);
    io.err(USAGE);
    return e.message ? EXIT.usage : EXIT.ok;
  }
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    io.err(`error: ${e.message}`);
    return EXIT.usage;
  }
  const log = createLogger(config.LOG_LEVEL === 'debug' ? 'debug' : 'warn', {}, io.err);
  const run = (target: AdminTarget) => runCommand(command, target, io.out);
  try {
    const endpoint = await liveAdminEndpoint(config.DATA_DIR);
    if (endpoint) {
      const { url } = endpoint;
      if (url === null) {
        throw new AdminError(
          `another process (pid ${endpoint.pid}) is opening ${config.DATA_DIR} (a server starting, or an admin command); ` +
            `try again in a moment, or delete ${adminFilePath(config.DATA_DIR)} if no such process is running`,
        );
      }
      try {
        return await run(remoteTarget({ ...endpoint, url }));
      } catch (e) {
        if (!(e instanceof Unreachable)) throw e;
        throw new AdminError(
          `a server (pid ${endpoint.pid}) holds ${config.DATA_DIR} but does not answer at ${endpoint.url}; ` +
            `try again once it has started, or delete ${adminFilePath(config.DATA_DIR)} if no server is running`,
        );
      }
    }
    const direct = await openDirect(config, log);
    try {
      return await run(direct.target);
    } finally {
      await direct.close();
    }
  } catch (e) {
    if (e instanceof Error && FAILURES.has(e.name)) {
      io.err(`error: ${e.message}`);
      return EXIT.failed;
    }
    throw e;
  }
}
