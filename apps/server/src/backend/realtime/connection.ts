import type { WebSocket } from 'ws';
import type { Logger } from '../../log.js';
import type { Caller, CallerResolver } from '../auth/caller.js';
import type { BackendEvent } from './event-bus.js';
import { createMessageRate } from './socket-limits.js';
import { SocketSubscriptions, type SubscriptionRoom } from './socket-subscriptions.js';
import { MessageError, parseSubscription } from './subscription.js';

/** Error codes Appwrite's realtime uses: 1003 bad message / session, 1008 policy violation. */
export const INVALID_MESSAGE = 1003;
export const POLICY_VIOLATION = 1008;

export const errorFrame = (code: number, message: string) => JSON.stringify({ type: 'error', data: { code, message } });

/**
 * One realtime socket (backend-api.md §7): `connected` first, then frames
 * handled strictly in order (so a `subscribe` right after `authentication`
 * sees the new roles): authentication, subscribe, unsubscribe, ping.
 */
export class RealtimeConnection {
  private caller: Caller;
  roles: Set<string>;
  /** Seen a message or pong since the last heartbeat check. */
  alive = true;
  private readonly subscriptions: SocketSubscriptions;
  /** `account.<userId>` while signed in. */
  private accountChannel: string | null = null;
  private queue: Promise<void>;

  constructor(
    private readonly ws: WebSocket,
    private readonly callers: CallerResolver,
    private readonly log: Logger,
    handshake: Promise<Caller>,
    room: SubscriptionRoom,
  ) {
    this.subscriptions = new SocketSubscriptions(room);
    this.caller = { userId: null, sessionId: null, roles: ['any', 'guests'], account: null };
    this.roles = new Set(this.caller.roles);
    this.queue = handshake.then(
      (caller) => {
        this.setCaller(caller);
        this.send(JSON.stringify({ type: 'connected', data: { channels: [], subscriptions: [], user: caller.account } }));
      },
      (err: unknown) => {
        this.log.warn('realtime handshake failed', { err });
        this.send(JSON.stringify({ type: 'connected', data: { channels: [], subscriptions: [], user: null } }));
      },
    );
    const rate = createMessageRate();
    let refused = false;
    ws.on('message', (data, isBinary) => {
      this.alive = true;
      if (refused) return;
      if (!rate.allow(Date.now())) {
        // Appwrite's answer to abuse, after the messages allowed are answered: an error frame, then close 1008.
        refused = true;
        this.queue = this.queue.then(() => {
          this.send(errorFrame(POLICY_VIOLATION, 'Too many messages.'));
          ws.close(POLICY_VIOLATION, 'Too many messages');
        });
        return;
      }
      const text = isBinary ? '' : data.toString();
      this.queue = this.queue.then(() => this.handle(text)).catch((err: unknown) => this.log.error('realtime message failed', { err }));
    });
    ws.on('pong', () => {
      this.alive = true;
    });
    ws.on('close', () => this.subscriptions.clear());
  }

  /** Who the socket is signed in as (null ids for a guest). */
  get identity(): { userId: string | null; sessionId: string | null } {
    return { userId: this.caller.userId, sessionId: this.caller.sessionId };
  }

  /**
   * The session behind the socket ended (signed out, deleted, account
   * blocked): it must hear nothing more. Error frame, then close 1008, which
   * the SDK does not reconnect from.
   */
  endSession(): void {
    this.caller = { userId: null, sessionId: null, roles: [], account: null };
    this.roles = new Set();
    this.accountChannel = null;
    this.subscriptions.clear();
    this.send(errorFrame(POLICY_VIOLATION, 'Session is no longer valid.'));
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(POLICY_VIOLATION, 'Session is no longer valid');
  }

  send(text: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(text);
  }

  private setCaller(caller: Caller) {
    this.caller = caller;
    this.roles = new Set(caller.roles);
    // Appwrite re-binds existing subscriptions to the new identity: `account` is also `account.<userId>`.
    this.accountChannel = caller.userId ? `account.${caller.userId}` : null;
  }

  /** Ids of this socket's subscriptions that want `event` (roles are checked by the caller). */
  matching(event: BackendEvent): string[] {
    return this.subscriptions.matching(event.channels, event.payload, this.accountChannel);
  }

  /** The socket's subscriptions and their weight. */
  get held(): { subscriptions: number; weight: number } {
    return this.subscriptions.held;
  }

  private respond(to: string, data: Record<string, unknown>) {
    this.send(JSON.stringify({ type: 'response', data: { to, success: true, ...data } }));
  }

  private async handle(text: string): Promise<void> {
    // Frames queued behind a close are dropped: nothing would give back what they took.
    if (this.ws.readyState !== this.ws.OPEN) return;
    let message: { type?: unknown; data?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
      if (typeof message !== 'object' || message === null || typeof message.type !== 'string') throw new Error();
    } catch {
      return this.send(errorFrame(INVALID_MESSAGE, 'Message format is not valid.'));
    }
    try {
      switch (message.type) {
        case 'ping':
          return this.send(JSON.stringify({ type: 'pong' }));
        case 'authentication':
          return await this.authenticate(message.data);
        case 'subscribe':
          return this.subscribe(message.data);
        case 'unsubscribe':
          return this.unsubscribe(message.data);
        default:
          return this.send(errorFrame(INVALID_MESSAGE, `Unknown message type: ${message.type}`));
      }
    } catch (e) {
      if (e instanceof MessageError) return this.send(errorFrame(INVALID_MESSAGE, e.message));
      throw e;
    }
  }

  private async authenticate(data: unknown) {
    const session = (data as { session?: unknown } | null)?.session;
    const caller = typeof session === 'string' && session !== '' ? await this.callers.fromSessionBlob(session) : null;
    if (!caller?.userId) return this.send(errorFrame(INVALID_MESSAGE, 'Session is not valid.'));
    this.setCaller(caller);
    this.respond('authentication', { user: caller.account });
  }

  private subscribe(data: unknown) {
    if (!Array.isArray(data) || data.length === 0) throw new MessageError('subscribe needs a list of subscriptions.');
    const requests = data.map((item) => parseSubscription(item));
    // The same id again replaces that subscription (`subscription.update()` in the SDK).
    const held = this.subscriptions.put(requests);
    const queries = new Map(requests.map((r) => [r.id, r.queries]));
    this.respond('subscribe', {
      subscriptions: held.map((s) => ({
        subscriptionId: s.id,
        channels: SocketSubscriptions.channelsOf(s, this.accountChannel),
        queries: queries.get(s.id),
      })),
    });
  }

  private unsubscribe(data: unknown) {
    if (!Array.isArray(data)) throw new MessageError('unsubscribe needs a list of subscriptions.');
    const removed = data.map((item) => {
      const id = (item as { subscriptionId?: unknown } | null)?.subscriptionId;
      if (typeof id !== 'string') throw new MessageError('Each unsubscribe item needs a subscriptionId.');
      return { subscriptionId: id, removed: this.subscriptions.remove(id) };
    });
    this.respond('unsubscribe', { subscriptions: removed });
  }
}
