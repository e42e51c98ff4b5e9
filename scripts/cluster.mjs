#!/usr/bin/env node
// Several server instances on one PostgreSQL behind nginx, on one port:
//
//   npm run cluster -- 3                  (after `npm run build`; needs nginx and PostgreSQL)
//
// Starts N instances (`node apps/server/dist/cli/serve.js`) on free loopback ports with one
// DATABASE_URL and one DATA_DIR, writes an nginx config in front of them (round robin,
// websockets for realtime, X-Forwarded-For/-Proto, cached tiers and original files sent by
// nginx through X-Accel-Redirect), prints the address and stops everything on Ctrl-C. An instance
// that dies (a crash, kill -9) is started again on its port after 1 s, then 2, 4... up to 30 s.
//
//   CLUSTER_PORT=8080                    nginx's port
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lyra_cluster   (created when missing)
//   DATA_DIR=./data  MUSIC_DIR=...       shared by every instance; other variables pass through
//   NGINX_PATH=/usr/sbin/nginx
//
// Also a module: `startCluster(options)` (e2e/cluster.test.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'apps/server/dist/cli/serve.js');
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/lyra_cluster';
/** Debian installs nginx in /usr/sbin, which a user's PATH may lack. */
const NGINX = process.env.NGINX_PATH || (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
/** nginx's internal location for X-Accel-Redirect (the servers' ACCEL_REDIRECT). */
export const ACCEL_PREFIX = '/_media/';

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolvePort(port));
    });
  });
}

/** Creates the database DATABASE_URL names when it does not exist (connecting to `postgres`). */
export async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`DATABASE_URL must name a database (letters, digits, _ and -): ${url}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const sql = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select 1 as ok from pg_database where datname = ${name}`;
    if (!row) await sql.unsafe(`create database "${name}"`);
  } finally {
    await sql.end();
  }
}

/**
 * The nginx config for instances on `upstreams` (host:port): one port, round robin,
 * websockets, forwarded headers, and the internal location the servers' ACCEL_REDIRECT names.
 * nginx's own files (pid, log, temporary folders) go under `prefix`.
 */
export function nginxConfig({ port, upstreams, dataDir, musicDir, prefix, root = process.getuid?.() === 0 }) {
  const p = (name) => join(prefix, name);
  return `daemon off;
${root ? 'user root;\n' : ''}worker_processes auto;
pid ${p('nginx.pid')};
error_log ${p('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${p('body')};
  proxy_temp_path ${p('proxy')};
  fastcgi_temp_path ${p('fastcgi')};
  uwsgi_temp_path ${p('uwsgi')};
  scgi_temp_path ${p('scgi')};
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  client_max_body_size 50m;
  types { audio/mp4 mp4; audio/mpeg mp3; audio/flac flac; audio/ogg ogg oga opus; audio/wav wav; image/jpeg jpg; }
  default_type application/octet-stream;

  upstream lyra {
${upstreams.map((u) => `    server ${u};`).join('\n')}
    keepalive 256;
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }

  server {
    listen 127.0.0.1:${port};

    location / {
      proxy_pass http://lyra;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Realtime websockets (/v1/realtime); '' keeps upstream connections alive otherwise.
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      # First plays stream while they are transcoded.
      proxy_buffering off;
    }

    # X-Accel-Redirect (ACCEL_REDIRECT=${ACCEL_PREFIX}): the server authorises, nginx sends the bytes.
    location ${ACCEL_PREFIX}cache/ {
      internal;
      alias ${join(dataDir, 'cache')}/;
      include ${p('accel-headers.conf')};
    }
    location ${ACCEL_PREFIX}music/ {
      internal;
      alias ${musicDir}/;
      include ${p('accel-headers.conf')};
    }
  }
}
`;
}

/** What the server said about a file nginx sends: its tier, CORS and caching headers. */
export const ACCEL_HEADERS = `add_header Access-Control-Allow-Origin $upstream_http_access_control_allow_origin;
add_header Access-Control-Expose-Headers $upstream_http_access_control_expose_headers;
add_header X-Audio-Bitrate $upstream_http_x_audio_bitrate;
add_header X-Audio-Bitrate-Requested $upstream_http_x_audio_bitrate_requested;
`;

/** Restart delays for an instance that exits unexpectedly: 1 s, doubling to 30 s; reset once it has served a minute. */
export const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 30_000;
const RESTART_STABLE_MS = 60_000;

/**
 * Starts `instances` servers and nginx. Instances start one after another, so each one's
 * loopback admin endpoint (DATA_DIR/admin-token, rewritten by every start) is read in turn.
 * An instance that exits on its own afterwards (a crash, `kill -9`) is started again on its port
 * after a backoff, with a line in its log saying so; nginx passes over it meanwhile.
 */
export async function startCluster({
  instances = 3,
  port,
  databaseUrl = DEFAULT_DATABASE_URL,
  dataDir = resolve('data'),
  musicDir,
  env = {},
  quiet = false,
}) {
  await ensureDatabase(databaseUrl);
  mkdirSync(dataDir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'lyra-cluster-'));
  const music = resolve(musicDir ?? env.MUSIC_DIR ?? join(dataDir, 'demo-music'));
  const proxyPort = port ?? (await freePort());
  const servers = [];
  let nginx = null;
  let started = false;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    nginx?.kill('SIGQUIT');
    for (const s of servers) {
      clearTimeout(s.restartTimer);
      s.proc.kill('SIGTERM');
    }
    await Promise.all([nginx, ...servers.map((s) => s.proc)].filter(Boolean).map(exited));
    rmSync(work, { recursive: true, force: true });
  };
  const say = (server, line) => {
    server.logs.push(`${line}\n`);
    if (!quiet) process.stderr.write(`[${server.index}] ${line}\n`);
  };
  const launch = (server) => {
    const proc = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        PORT: String(server.port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        MUSIC_DIR: music,
        TRUST_PROXY: 'loopback',
        ACCEL_REDIRECT: env.ACCEL_REDIRECT ?? ACCEL_PREFIX,
        PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${proxyPort}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.proc = proc;
    server.startedAt = Date.now();
    for (const stream of [proc.stdout, proc.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        server.logs.push(chunk);
        if (!quiet) for (const line of chunk.split('\n')) if (line) process.stderr.write(`[${server.index}] ${line}\n`);
      });
    }
    proc.once('exit', (code, signal) => {
      if (!started || stopping || server.proc !== proc) return;
      if (Date.now() - server.startedAt >= RESTART_STABLE_MS) server.restarts = 0;
      const delay = Math.min(RESTART_FIRST_MS * 2 ** server.restarts++, RESTART_MAX_MS);
      say(server, `instance ${server.index} exited (${signal ?? `code ${code}`}); starting it again in ${delay / 1000} s`);
      server.restartTimer = setTimeout(() => {
        if (stopping) return;
        launch(server);
        adminEndpoint(dataDir, server.proc, server.log).then(
          (admin) => {
            server.admin = admin;
          },
          () => {}, // it exited again: its exit starts it once more
        );
      }, delay);
    });
    return proc;
  };
  try {
    for (let i = 0; i < instances; i++) {
      const serverPort = await freePort();
      const logs = [];
      const server = { index: i + 1, port: serverPort, url: `http://127.0.0.1:${serverPort}`, proc: null, logs, admin: null, restarts: 0, log: () => logs.join('') };
      servers.push(server);
      const proc = launch(server);
      server.admin = await adminEndpoint(dataDir, proc, server.log);
    }
    const prefix = join(work, 'nginx');
    mkdirSync(prefix, { recursive: true });
    writeFileSync(join(prefix, 'accel-headers.conf'), ACCEL_HEADERS);
    const conf = join(prefix, 'nginx.conf');
    writeFileSync(conf, nginxConfig({ port: proxyPort, upstreams: servers.map((s) => `127.0.0.1:${s.port}`), dataDir, musicDir: music, prefix }));
    nginx = spawn(NGINX, ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
    nginx.once('error', (e) => process.stderr.write(`nginx could not start (${e.message}): apt-get install nginx\n`));
    await waitFor(async () => (await fetch(`http://127.0.0.1:${proxyPort}/healthz`)).ok, 15_000, () => readLog(join(prefix, 'error.log')));
    started = true;
    return { url: `http://127.0.0.1:${proxyPort}`, port: proxyPort, servers, nginxConfig: readFileSync(conf, 'utf8'), nginxPid: nginx.pid, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

function exited(proc) {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return Promise.race([once(proc, 'exit'), new Promise((r) => setTimeout(r, 10_000)).then(() => proc.kill('SIGKILL'))]);
}

const readLog = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

async function waitFor(check, timeoutMs, detail) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`timed out starting the cluster\n${detail()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The instance's loopback admin endpoint, once it has started and written DATA_DIR/admin-token. */
async function adminEndpoint(dataDir, proc, log) {
  let endpoint = null;
  await waitFor(
    async () => {
      if (proc.exitCode !== null) throw Object.assign(new Error('exited'), { fatal: true });
      const parsed = JSON.parse(readFileSync(join(dataDir, 'admin-token'), 'utf8'));
      if (parsed.pid !== proc.pid || !parsed.url) return false;
      endpoint = { url: parsed.url, token: parsed.token };
      return true;
    },
    60_000,
    log,
  ).catch((e) => {
    throw new Error(proc.exitCode !== null ? `a server exited with ${proc.exitCode}:\n${log()}` : e.message);
  });
  return endpoint;
}

async function main() {
  const instances = Number(process.argv[2] ?? 3);
  if (!Number.isInteger(instances) || instances < 1 || instances > 32) {
    process.stderr.write('usage: npm run cluster -- <instances, 1 to 32>\n');
    process.exit(2);
  }
  const cluster = await startCluster({
    instances,
    port: Number(process.env.CLUSTER_PORT ?? 8080),
    databaseUrl: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
    dataDir: resolve(process.env.DATA_DIR || 'data'),
    musicDir: process.env.MUSIC_DIR || undefined,
  });
  process.stdout.write(
    `\n${instances} instances (${cluster.servers.map((s) => s.port).join(', ')}) behind nginx: ${cluster.url}\nCtrl-C stops them all.\n`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main().catch((e) => {
    process.stderr.write(`${e.message}\n`);
    process.exit(1);
  });
}
