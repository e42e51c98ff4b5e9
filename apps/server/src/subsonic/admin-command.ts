import { request } from 'node:http';
import { ConfigError, loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { liveAdminEndpoint } from '../db/admin-file.js';
import { CredentialsError, issueCredentials, type IssuedCredentials } from './credentials.js';
import { loadOrCreateKey, secretBox } from './secret-box.js';

export const SUBSONIC_USAGE = `usage: npm run admin -- subsonic credentials <email> [--rotate] [--json]
  Prints the account's Subsonic credentials: user name (the email), app password, and a new API key.
  The app password is made once and kept; --rotate replaces it and revokes the account's older API keys.
  --json prints {"username", "password", "apiKey"} on one line.`;

export interface SubsonicCommand {
  email: string;
  rotate: boolean;
  json: boolean;
}

export class SubsonicUsageError extends Error {
  override name = 'SubsonicUsageError';
}

/** Reads `credentials <email> [--rotate] [--json]` (the words after `subsonic`). */
export function parseSubsonicCommand(argv: readonly string[]): SubsonicCommand {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') throw new SubsonicUsageError('');
  if (name !== 'credentials') throw new SubsonicUsageError(`unknown command subsonic ${JSON.stringify(name)}`);
  const flags = rest.filter((a) => a.startsWith('--'));
  const words = rest.filter((a) => !a.startsWith('--'));
  const unknown = flags.find((f) => f !== '--rotate' && f !== '--json');
  if (unknown) throw new SubsonicUsageError(`unknown option ${unknown}`);
  if (words.length !== 1) throw new SubsonicUsageError('subsonic credentials takes one <email>');
  return { email: words[0]!, rotate: flags.includes('--rotate'), json: flags.includes('--json') };
}

export function formatCredentials(c: IssuedCredentials, json: boolean): string[] {
  if (json) return [JSON.stringify({ username: c.username, password: c.password, apiKey: c.apiKey })];
  return [`username: ${c.username}`, `password: ${c.password}`, `apiKey:   ${c.apiKey}`];
}

/** Asks the running server's loopback admin listener. */
function remote(url: string, token: string, cmd: SubsonicCommand): Promise<IssuedCredentials> {
  const payload = JSON.stringify({ email: cmd.email, rotate: cmd.rotate });
  return new Promise((resolve, reject) => {
    const req = request(
      new URL('/admin/subsonic/credentials', url),
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let body: { credentials?: IssuedCredentials; error?: string } = {};
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
          } catch {
            // answered below
          }
          if (res.statusCode === 200 && body.credentials) resolve(body.credentials);
          else reject(new CredentialsError(body.error ?? `the server answered ${res.statusCode}`));
        });
      },
    );
    req.on('error', (e) => reject(new CredentialsError(`the server at ${url} does not answer (${e.message})`)));
    req.end(payload);
  });
}

/** Opens the data folder's database here (no server holds it). */
async function direct(env: Record<string, string | undefined>, cmd: SubsonicCommand): Promise<IssuedCredentials> {
  const config = loadConfig(env);
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(db, 'backend');
    await migrate(db, 'subsonic');
    const box = secretBox(await loadOrCreateKey(config.DATA_DIR));
    return await issueCredentials(db, box, cmd.email, { rotate: cmd.rotate, now: new Date() });
  } finally {
    await db.close();
  }
}

/** `admin subsonic ...`; resolves to the exit code (0 done, 1 failed, 2 wrong command line). */
export async function subsonicAdminMain(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: { out(line: string): void; err(line: string): void },
): Promise<number> {
  let cmd: SubsonicCommand;
  try {
    cmd = parseSubsonicCommand(argv);
  } catch (e) {
    if (!(e instanceof SubsonicUsageError)) throw e;
    if (e.message) io.err(`error: ${e.message}`);
    io.err(SUBSONIC_USAGE);
    return e.message ? 2 : 0;
  }
  try {
    const config = loadConfig(env);
    const endpoint = await liveAdminEndpoint(config.DATA_DIR);
    let creds: IssuedCredentials;
    if (endpoint) {
      if (endpoint.url === null) throw new CredentialsError(`a server (pid ${endpoint.pid}) is starting on ${config.DATA_DIR}; try again in a moment`);
      creds = await remote(endpoint.url, endpoint.token, cmd);
    } else {
      creds = await direct(env, cmd);
    }
    for (const line of formatCredentials(creds, cmd.json)) io.out(line);
    return 0;
  } catch (e) {
    if (e instanceof CredentialsError || e instanceof ConfigError) {
      io.err(`error: ${e.message}`);
      return e instanceof ConfigError ? 2 : 1;
    }
    throw e;
  }
}
