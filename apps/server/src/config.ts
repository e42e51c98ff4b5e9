import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/client-address.js';
import { DEFAULT_LIBRARY, librariesJoined, parseMusicDirs, type MusicLibrary } from './music-libraries.js';

/** The repository root, for defaults that point at files the repo ships. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const onOff = z.enum(['on', 'off']);
const url = z.url({ protocol: /^https?$/ });
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * Every setting comes from one environment variable with a working default.
 * Nothing else reads process.env: the parsed Config is passed down.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  MUSIC_DIR: optional(z.string().min(1)),
  /** Several libraries, each with a name: `Music=/srv/music;Audiobooks=/srv/books` (music-libraries.ts). Instead of MUSIC_DIR. */
  MUSIC_DIRS: optional(z.string().min(1)),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')),
  PUBLIC_URL: optional(url),
  WEB_DIR: optional(z.string().min(1)),
  APPWRITE_PROJECT_ID: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/).default('lyra'),
  ALLOWED_ORIGINS: optional(z.string()),
  /** Reverse proxies whose X-Forwarded-For/-Proto are believed: IPs, CIDRs or `loopback`. Unset: none. */
  TRUST_PROXY: optional(z.string()),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  /** Google's issuer; tests point it at an OpenID Connect provider on loopback. */
  GOOGLE_ISSUER: url.default('https://accounts.google.com'),
  OIDC_ISSUER: optional(url),
  OIDC_CLIENT_ID: optional(z.string()),
  OIDC_CLIENT_SECRET: optional(z.string()),
  CATALOGUE_HOSTS: optional(z.string()),
  HOME_ROWS: optional(z.string().min(1)),
  SCAN_WATCH: onOff.default('on'),
  /** A quick rescan (unchanged folders skipped) this often, for music folders without change events; 0: off. */
  SCAN_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(15),
  VIDEO_WORKER: onOff.default('on'),
  /** Measure each track's loudness in the background for normalisation (ReplayGain tags win). */
  LOUDNESS_SCAN: onOff.default('on'),
  FFMPEG_PATH: optional(z.string().min(1)),
  FFPROBE_PATH: optional(z.string().min(1)),
  /** Unset: previews are kept in DATA_DIR/videos. */
  VIDEO_S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens'),
  ),
  VIDEO_S3_ENDPOINT: optional(url),
  VIDEO_S3_REGION: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be a region name such as us-east-1').default('us-east-1'),
  VIDEO_S3_PREFIX: z
    .string()
    .regex(/^(?!\/)(?!.*\/\/)[A-Za-z0-9._\/-]*$/, 'must be letters, digits and . _ - /, not starting with / nor holding //')
    .default('videos/'),
  /** Default: on when VIDEO_S3_ENDPOINT is set (most S3-compatible services want it), else off. */
  VIDEO_S3_FORCE_PATH_STYLE: optional(onOff),
  VIDEO_S3_ACCESS_KEY_ID: optional(z.string()),
  VIDEO_S3_SECRET_ACCESS_KEY: optional(z.string()),
  /**
   * Behind nginx: its internal location (e.g. /_media/) mapping `cache/` to DATA_DIR/cache and
   * `music/` to MUSIC_DIR. Cached tiers and original files are then authorised here and sent by
   * nginx (X-Accel-Redirect). Unset: this server sends the bytes.
   */
  ACCEL_REDIRECT: optional(
    z.string().regex(/^\/(?:(?!\.\.?\/)[A-Za-z0-9._~-]+\/)+$/, 'must be a path that starts and ends with /, such as /_media/'),
  ),
  TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Per-address limits on sign-ups and anonymous sessions; off only for tests and benchmarks. */
  RATE_LIMITS: onOff.default('on'),
  /** Outgoing mail server: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. Unset: mails go to DATA_DIR/outbox. */
  SMTP_URL: optional(
    z.string().regex(/^smtps?:\/\/([^\s@\/]+@)?[^\s@\/:?]+(:\d{1,5})?\/?(\?\S*)?$/, 'must be smtp://user:pass@host:port or smtps://user:pass@host:port'),
  ),
  /** Sender of account mails: an address, or `Name <address>`. Default: Lyra <no-reply@PUBLIC_URL's host, else localhost>. */
  MAIL_FROM: optional(
    z.string().regex(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address or Name <address>'),
  ),
  REALTIME_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Who may listen: `public` (anyone who reaches the server) or `private` (signed-in accounts only). */
  ACCESS: z.enum(['public', 'private']).default('public'),
  /** Who may make an account: anyone (`open`), holders of an admin's invitation link (`invite`), or nobody (`closed`). Default: open with ACCESS=public, invite with ACCESS=private. */
  SIGNUPS: optional(z.enum(['open', 'invite', 'closed'])),
  /** Who may make public share links: every signed-in account (`everyone`) or administrators only (`admins`). */
  SHARES: z.enum(['everyone', 'admins']).default('everyone'),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  DATA_DIR: string;
  /** The music folder the scanner walks: the one library's, or DATA_DIR/libraries joining several (MUSIC_DIRS). */
  MUSIC_DIR: string;
  /** The libraries, in MUSIC_DIRS's order (one with MUSIC_DIR). */
  libraries: MusicLibrary[];
  WEB_DIR: string;
  /** Origins allowed to receive OAuth redirects and credentialed CORS (besides our own). */
  allowedOrigins: string[];
  /** Catalogue hosts the web app tries in turn ('' = this server). */
  catalogueHosts: string[];
  /** Whether a TCP peer is a trusted reverse proxy (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** Resolved: on when VIDEO_S3_ENDPOINT is set, unless said otherwise. */
  VIDEO_S3_FORCE_PATH_STYLE: 'on' | 'off';
  /** Resolved: invite on a private server unless said otherwise. */
  SIGNUPS: 'open' | 'invite' | 'closed';
}

export class ConfigError extends Error {}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Parses the environment; throws ConfigError with one line naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    // Credentials inside a URL (SMTP_URL's user:pass) never reach the log.
    const shown = JSON.stringify(env[name] ?? '').replace(/\/\/[^@/"]*@/, '//***@');
    throw new ConfigError(`Invalid ${name}=${shown}: ${issue.message}`);
  }
  const e = parsed.data;
  for (const origin of list(e.ALLOWED_ORIGINS)) {
    if (!url.safeParse(origin).success) {
      throw new ConfigError(`Invalid ALLOWED_ORIGINS: ${JSON.stringify(origin)} is not an http(s) origin`);
    }
  }
  if (e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) {
    throw new ConfigError('Invalid GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set');
  }
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) {
    throw new ConfigError('Invalid OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
  }
  if (!!e.VIDEO_S3_ACCESS_KEY_ID !== !!e.VIDEO_S3_SECRET_ACCESS_KEY) {
    const missing = e.VIDEO_S3_ACCESS_KEY_ID ? 'VIDEO_S3_SECRET_ACCESS_KEY' : 'VIDEO_S3_ACCESS_KEY_ID';
    throw new ConfigError(`Invalid ${missing}: VIDEO_S3_ACCESS_KEY_ID and VIDEO_S3_SECRET_ACCESS_KEY go together`);
  }
  if (!e.VIDEO_S3_BUCKET && (e.VIDEO_S3_ENDPOINT || e.VIDEO_S3_ACCESS_KEY_ID)) {
    throw new ConfigError('Invalid VIDEO_S3_BUCKET: required when VIDEO_S3_ENDPOINT or VIDEO_S3_ACCESS_KEY_ID is set');
  }
  if (e.ACCEL_REDIRECT && !e.TRUST_PROXY) {
    throw new ConfigError('Invalid TRUST_PROXY: required when ACCEL_REDIRECT is set (name the nginx that sends the files)');
  }
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (err) {
    throw new ConfigError(`Invalid TRUST_PROXY: ${(err as Error).message}`);
  }
  if (e.MUSIC_DIR && e.MUSIC_DIRS) {
    throw new ConfigError('Invalid MUSIC_DIRS: set MUSIC_DIR (one library) or MUSIC_DIRS (several), not both');
  }
  const dataDir = resolve(e.DATA_DIR);
  let libraries: MusicLibrary[];
  try {
    libraries = e.MUSIC_DIRS
      ? parseMusicDirs(e.MUSIC_DIRS)
      : [{ ...DEFAULT_LIBRARY, root: resolve(e.MUSIC_DIR ?? resolve(dataDir, 'demo-music')) }];
  } catch (err) {
    throw new ConfigError(`Invalid MUSIC_DIRS: ${(err as Error).message}`);
  }
  return {
    ...e,
    DATA_DIR: dataDir,
    MUSIC_DIR: librariesJoined(libraries) ? resolve(dataDir, 'libraries') : libraries[0]!.root,
    libraries,
    WEB_DIR: resolve(e.WEB_DIR ?? resolve(REPO_ROOT, 'apps/web/dist')),
    allowedOrigins: list(e.ALLOWED_ORIGINS).map((o) => new URL(o).origin),
    catalogueHosts: list(e.CATALOGUE_HOSTS),
    trustProxy,
    VIDEO_S3_FORCE_PATH_STYLE: e.VIDEO_S3_FORCE_PATH_STYLE ?? (e.VIDEO_S3_ENDPOINT ? 'on' : 'off'),
    SIGNUPS: e.SIGNUPS ?? (e.ACCESS === 'private' ? 'invite' : 'open'),
  };
}
