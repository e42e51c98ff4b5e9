import { adminCommandMain, askAdminListener, withDataFolderDb, type AdminIo } from '../admin-command.js';
import type { Config } from '../config.js';
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
  return askAdminListener<{ credentials: IssuedCredentials }, IssuedCredentials>(url, '/admin/subsonic/credentials', token, payload, CredentialsError, (body) => body.credentials);
}

/** Opens the data folder's database here (no server holds it). */
function direct(config: Config, cmd: SubsonicCommand): Promise<IssuedCredentials> {
  return withDataFolderDb(config, ['backend', 'subsonic'], async (db) => {
    const box = secretBox(await loadOrCreateKey(config.DATA_DIR));
    return issueCredentials(db, box, cmd.email, { rotate: cmd.rotate, now: new Date() });
  });
}

/** `admin subsonic ...`; resolves to the exit code (0 done, 1 failed, 2 wrong command line). */
export const subsonicAdminMain = (argv: readonly string[], env: Record<string, string | undefined>, io: AdminIo): Promise<number> =>
  adminCommandMain(argv, env, io, {
    parse: parseSubsonicCommand,
    usage: SUBSONIC_USAGE,
    usageError: SubsonicUsageError,
    failure: CredentialsError,
    remote,
    local: direct,
    print: (creds, cmd) => formatCredentials(creds, cmd.json),
  });
