import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hono } from 'hono';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import type { Logger } from './log.js';

/** What every server module receives: effects are passed in, never read from globals. */
export interface Deps {
  config: Config;
  db: Db;
  log: Logger;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now: () => number;
}

/**
 * A mountable part of the server (catalogue, backend, web). The catalogue and
 * the backend share nothing but `Deps` and the HTTP server, so either can run alone.
 */
export interface ServerModule {
  readonly name: string;
  /** Hono routes, mounted at the root of the app. */
  routes?: Hono;
  /**
   * Fast path on the raw Node request for hot byte-serving routes (media).
   * Returns true when it handled the request.
   */
  raw?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** WebSocket upgrades (realtime). Returns true when it took the socket. */
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
  /** Background work started after listen (scanner, watcher, workers). */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
