import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../../config.js';
import type { Db } from '../../../db/db.js';
import { silentLogger } from '../../../log.js';
import type { Deps } from '../../../module.js';
import { GUEST, type Caller, type CallerResolver } from '../../auth/caller.js';
import { documentEvent } from '../document-events.js';
import type { BackendEvent, EventBus } from '../event-bus.js';
import { createRealtime, type Realtime, type RealtimeOptions } from '../realtime.js';

/**
 * The realtime protocol (backend-api.md §7) on a bare socket, with a stand-in
 * for sessions: cookie or session blob `good-<user>` signs in as <user>.
 */
const userCaller = (id: string): Caller => ({
  userId: id,
  sessionId: 's',
  roles: ['any', `user:${id}`, 'users'],
  account: { $id: id, name: id },
});
const fromBlob = (blob: string | null | undefined) => (blob?.startsWith('good-') ? userCaller(blob.slice(5)) : GUEST);
const callers: CallerResolver = {
  fromHeaders: async (h) => fromBlob(/a_session_lyra=([^;]+)/.exec(h.get('cookie') ?? '')?.[1]),
  fromSessionBlob: async (blob) => fromBlob(blob),
};

function localBus() {
  const listeners = new Set<(e: BackendEvent) => void>();
  const bus: EventBus = {
    publish: async (e) => listeners.forEach((l) => l(e)),
    subscribe: (l) => (listeners.add(l), () => void listeners.delete(l)),
    start: async () => {},
    stop: async () => {},
  };
  return bus;
}

/** A socket that records every frame it receives. */
export class Peer {
  frames: { type: string; data?: Record<string, unknown> }[] = [];
  closed: { code: number } | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => this.frames.push(JSON.parse(d.toString())));
    ws.on('close', (code) => (this.closed = { code }));
  }
  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  /** Waits for the next frame of `type` after the ones already seen. */
  async next(type: string, from = 0) {
    await expect.poll(() => this.frames.slice(from).find((f) => f.type === type), { timeout: 10_000 }).toMatchObject({ type });
    return this.frames.slice(from).find((f) => f.type === type)!;
  }
  of(type: string) {
    return this.frames.filter((f) => f.type === type);
  }
}

export interface SocketRig {
  server: Server;
  realtime: Realtime;
  bus: EventBus;
  /** `ws://127.0.0.1:<port>/v1/realtime`. */
  url: string;
  /** Every socket `connect` opened; terminated after each test. */
  peers: Peer[];
  /** The sessions still live (null: all of them), as the heartbeat asks. */
  live: Set<string> | null;
  /** How many times a heartbeat has asked which sessions are live. */
  liveChecks: number;
  /** Realtime on a fresh HTTP server (done before each test); `heartbeatMs`, `env` and `opts` as given. */
  start(heartbeatMs?: number, env?: Record<string, string>, opts?: RealtimeOptions): Promise<void>;
  /** Closes the sockets and the server, then starts again with the given settings. */
  restart(env: Record<string, string>, opts?: RealtimeOptions): Promise<void>;
  connect(query?: string, headers?: Record<string, string>, opts?: WebSocket.ClientOptions): Promise<Peer>;
}

/** Realtime on a loopback port for each test, with its own event bus; sockets and server closed after it. */
export function useSocketRig(): SocketRig {
  const rig = {
    peers: [] as Peer[],
    live: null,
    liveChecks: 0,
    async start(heartbeatMs?: number, env: Record<string, string> = {}, opts: RealtimeOptions = {}) {
      const config = loadConfig({ DATA_DIR: '/tmp', ALLOWED_ORIGINS: 'https://app.example.com', ...env });
      const deps: Deps = { config, db: {} as Db, log: silentLogger, now: Date.now };
      rig.bus = localBus();
      const liveSessions = async (ids: string[]) => {
        rig.liveChecks++;
        return new Set(ids.filter((id) => rig.live === null || rig.live.has(id)));
      };
      rig.realtime = createRealtime(deps, { callers, events: rig.bus, liveSessions }, heartbeatMs ? { heartbeatMs, ...opts } : opts);
      rig.server = createServer((_req, res) => res.end());
      rig.server.on('upgrade', (req, socket, head) => {
        if (!rig.realtime.upgrade(req, socket, head)) socket.destroy();
      });
      rig.server.listen(0, '127.0.0.1');
      await once(rig.server, 'listening');
      rig.url = `ws://127.0.0.1:${(rig.server.address() as AddressInfo).port}/v1/realtime`;
    },
    async connect(query = '?project=lyra', headers: Record<string, string> = {}, opts: WebSocket.ClientOptions = {}) {
      const peer = new Peer(new WebSocket(rig.url + query, { headers, ...opts }));
      rig.peers.push(peer);
      await once(peer.ws, 'open');
      return peer;
    },
  } as SocketRig;

  async function close() {
    for (const p of rig.peers.splice(0)) p.ws.terminate();
    await rig.realtime.stop();
    rig.server.closeAllConnections();
    rig.server.close();
  }
  rig.restart = async (env, opts) => {
    await close();
    await rig.start(undefined, env, opts);
  };

  beforeEach(async () => rig.start());
  afterEach(close);
  return rig;
}

/** A Favorite document of `owner` created, as the documents module publishes it. */
export const favorite = (id: string, owner: string, extra: Record<string, unknown> = {}) =>
  documentEvent(
    'create',
    { $id: id, $databaseId: 'lyra', $collectionId: 'Favorite', userId: owner, songId: 's', ...extra },
    [`user:${owner}`],
    '2026-01-02T03:04:05.678+00:00',
  );
