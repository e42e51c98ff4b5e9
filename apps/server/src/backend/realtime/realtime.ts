import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { TLSSocket } from 'node:tls';
import { WebSocketServer, type WebSocket } from 'ws';
import { clientAddress } from '../../http/client-address.js';
import type { Deps } from '../../module.js';
import { GUEST, type Caller, type CallerResolver } from '../auth/caller.js';
import { APPWRITE_VERSION } from '../http/errors.js';
import { createOriginPolicy } from '../http/origins.js';
import { createChannelNames } from './channel-names.js';
import { errorFrame, POLICY_VIOLATION, RealtimeConnection } from './connection.js';
import type { BackendEvent, EventBus } from './event-bus.js';
import { endedSessions, isEnded } from './session-end.js';
import { ADDRESS_WEIGHT_PER_SOCKET, createAddressCounter, createSubscriptionBudget } from './socket-limits.js';
import type { SubscriptionRoom } from './socket-subscriptions.js';

/** The /v1/realtime websocket (backend-api.md §7). */
export interface Realtime {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  stop(): Promise<void>;
  /** What the open sockets hold, of one client address or of all. */
  held(address?: string): RealtimeHeld;
}

export interface RealtimeHeld {
  sockets: number;
  subscriptions: number;
  /** What the subscriptions weigh against the budgets (socket-limits.ts). */
  weight: number;
  /** Distinct channel names kept for every socket (the server's only, whatever `address`). */
  channelNames: number;
}

export interface RealtimeOptions {
  /** How often sockets are pinged; one that answered nothing since the last ping is dropped. */
  heartbeatMs?: number;
  /** The weight all sockets' subscriptions may hold together (MAX_SUBSCRIPTION_WEIGHT). */
  maxSubscriptionWeight?: number;
}

export const REALTIME_PATH = '/v1/realtime';

/**
 * An event frame for the given subscription ids. The event part is the same
 * for every socket, so it is serialised once per event.
 */
function framer(event: BackendEvent): (subscriptions: string[]) => string {
  const head = JSON.stringify({
    type: 'event',
    data: { events: event.events, channels: event.channels, timestamp: event.timestamp, payload: event.payload },
  }).slice(0, -2);
  return (subscriptions) => `${head},"subscriptions":${JSON.stringify(subscriptions)}}}`;
}

/** Answers an upgrade request with an HTTP error in Appwrite's shape, then closes the socket. */
function refuseUpgrade(socket: Duplex, status: 429, message: string): void {
  const body = JSON.stringify({ message, code: status, type: 'general_rate_limit_exceeded', version: APPWRITE_VERSION });
  socket.end(
    `HTTP/1.1 ${status} Too Many Requests\r\nRetry-After: 10\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function createRealtime(
  deps: Deps,
  ctx: {
    callers: CallerResolver;
    events: EventBus;
    /**
     * Which of these session ids are still live (unexpired, account not
     * blocked); checked every heartbeat so a change made outside the API
     * (an account blocked in the database) also ends its sockets.
     */
    liveSessions?: (ids: string[]) => Promise<Set<string>>;
  },
  opts: RealtimeOptions = {},
): Realtime {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const connections = new Map<WebSocket, RealtimeConnection>();
  const perAddress = createAddressCounter(deps.config.REALTIME_MAX_PER_ADDRESS);
  const budget = createSubscriptionBudget(deps.config.REALTIME_MAX_PER_ADDRESS * ADDRESS_WEIGHT_PER_SOCKET, opts.maxSubscriptionWeight);
  const names = createChannelNames();
  const addresses = new Map<RealtimeConnection, string>();
  const origins = createOriginPolicy(deps.config);

  const stopListening = ctx.events.subscribe((event) => {
    const ended = endedSessions(event);
    if (ended) {
      for (const connection of connections.values()) {
        const { userId, sessionId } = connection.identity;
        if (isEnded(ended, userId, sessionId)) connection.endSession();
      }
      return;
    }
    const everyone = event.roles.includes('any');
    let frame: ((ids: string[]) => string) | null = null;
    for (const connection of connections.values()) {
      // Delivered only to sockets whose roles may read the document (§6).
      if (!everyone && !event.roles.some((r) => connection.roles.has(r))) continue;
      const ids = connection.matching(event);
      if (ids.length === 0) continue;
      frame ??= framer(event);
      connection.send(frame(ids));
    }
  });

  const heartbeat = setInterval(() => {
    for (const [ws, connection] of connections) {
      if (!connection.alive) {
        ws.terminate();
        continue;
      }
      connection.alive = false;
      ws.ping();
    }
    void revalidate();
  }, opts.heartbeatMs ?? 30_000);

  let revalidating = false;
  async function revalidate() {
    if (!ctx.liveSessions || revalidating) return;
    const signedIn = [...connections.values()].filter((c) => c.identity.sessionId !== null);
    if (signedIn.length === 0) return;
    revalidating = true;
    try {
      const live = await ctx.liveSessions([...new Set(signedIn.map((c) => c.identity.sessionId!))]);
      for (const connection of signedIn) {
        const { sessionId } = connection.identity;
        if (sessionId !== null && !live.has(sessionId)) connection.endSession();
      }
    } catch (err) {
      deps.log.warn('realtime session check failed', { err });
    } finally {
      revalidating = false;
    }
  }
  heartbeat.unref();

  /**
   * Cookies authenticate the handshake only when the page's Origin may use
   * the API with credentials; otherwise any site could open a socket that
   * reads a signed-in user's events (cross-site WebSocket hijacking). Such
   * pages can still authenticate with an `authentication` frame.
   */
  async function handshakeCaller(req: IncomingMessage, url: URL): Promise<Caller> {
    const origin = req.headers.origin;
    const self = `${req.socket instanceof TLSSocket ? 'https' : 'http'}://${req.headers.host ?? ''}`;
    if (origin && !origins.isAllowed(origin, self)) return GUEST;
    const headers = new Headers();
    if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
    const jwt = url.searchParams.get('jwt');
    if (jwt) headers.set('x-appwrite-jwt', jwt);
    return ctx.callers.fromHeaders(headers);
  }

  function accept(ws: WebSocket, req: IncomingMessage, url: URL, address: string) {
    ws.on('error', (err) => deps.log.debug('realtime socket error', { err }));
    if (url.searchParams.get('project') !== deps.config.APPWRITE_PROJECT_ID) {
      // Appwrite's answer to an unknown project: an error frame, then close 1008 (no reconnect).
      ws.send(errorFrame(POLICY_VIOLATION, 'Missing or unknown project ID'));
      ws.close(POLICY_VIOLATION, 'Missing or unknown project ID');
      return;
    }
    const room: SubscriptionRoom = {
      take: (weight) => budget.take(address, weight),
      release: (weight) => budget.release(address, weight),
      names,
    };
    const connection = new RealtimeConnection(ws, ctx.callers, deps.log, handshakeCaller(req, url), room);
    connections.set(ws, connection);
    addresses.set(connection, address);
    ws.on('close', () => {
      connections.delete(ws);
      addresses.delete(connection);
    });
  }

  return {
    upgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== REALTIME_PATH) return false;
      // Forwarded headers count only from a trusted proxy (TRUST_PROXY).
      const forwarded = req.headers['x-forwarded-for'];
      const address = clientAddress(req.socket.remoteAddress ?? '', Array.isArray(forwarded) ? forwarded.join(',') : forwarded, deps.config.trustProxy);
      if (!perAddress.take(address)) {
        refuseUpgrade(socket, 429, 'Too many realtime connections from this address.');
        return true;
      }
      let upgraded = false;
      // An upgrade that never completes (a bad handshake) gives its place back too.
      socket.once('close', () => upgraded || perAddress.release(address));
      wss.handleUpgrade(req, socket, head, (ws) => {
        upgraded = true;
        ws.once('close', () => perAddress.release(address));
        accept(ws, req, url, address);
      });
      return true;
    },
    held(address) {
      const sockets = [...addresses].filter(([, a]) => address === undefined || a === address).map(([c]) => c.held);
      return {
        sockets: sockets.length,
        subscriptions: sockets.reduce((n, s) => n + s.subscriptions, 0),
        weight: budget.held(address),
        channelNames: names.size,
      };
    },
    async stop() {
      clearInterval(heartbeat);
      stopListening();
      // 1001 "going away": clients reconnect to another instance or after restart.
      for (const ws of connections.keys()) ws.close(1001, 'Server shutting down');
      connections.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
