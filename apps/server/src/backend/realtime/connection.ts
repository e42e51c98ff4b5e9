import type { WebSocket } from 'ws';
import type { Logger } from '../../log.js';
import type { Caller, CallerResolver } from '../auth/caller.js';
import { AppwriteError } from '../http/errors.js';
import type { BackendEvent } from './event-bus.js';
import { compilePayloadFilter, type PayloadFilter } from './payload-filter.js';
import { createMessageRate } from './socket-limits.js';

/**
 * One realtime socket (backend-api.md §7): `connected` first, then frames
 * handled strictly in order (so a `subscribe` right after `authentication`
 * sees the new roles): authentication, subscribe, unsubscribe, ping.
 */
interface Subscription {
  id: string;
  /** What the client asked for. */
  requested: string[];
  /** What it receives: `account` also as `account.<userId>` once signed in. */
  channels: Set<string>;
  queries: string[];
  filter: PayloadFilter;
}

/** Error codes Appwrite's realtime uses: 1003 bad message / session, 1008 policy violation. */
export const INVALID_MESSAGE = 1003;
export const POLICY_VIOLATION = 1008;
const MAX_SUBSCRIPTIONS = 100;
const MAX_CHANNELS = 100;

export const errorFrame = (code: number, message: string) => JSON.stringify({ type: 'error', data: { code, message } });

class MessageError extends Error {}

function expandChannels(requested: readonly string[], userId: string | null): Set<string> {
  const out = new Set(requested);
  if (userId && out.has('account')) out.add(`account.${userId}`);
  return out;
}

function parseSubscription(item: unknown, userId: string | null): Subscription {
  if (typeof item !== 'object' || item === null) throw new MessageError('Each subscription must be an object.');
  const { subscriptionId, channels, queries = [] } = item as Record<string, unknown>;
  if (typeof subscriptionId !== 'string' || subscriptionId === '' || subscriptionId.length > 64) {
    throw new MessageError('Each subscription needs a subscriptionId of 1 to 64 characters.');
  }
  if (!Array.isArray(channels) || channels.length === 0 || channels.length > MAX_CHANNELS) {
    throw new MessageError(`Subscription ${subscriptionId} needs 1 to ${MAX_CHANNELS} channels.`);
  }
  if (channels.some((c) => typeof c !== 'string' || c === '' || c.length > 256)) {
    throw new MessageError(`Subscription ${subscriptionId} has an invalid channel.`);
  }
  if (!Array.isArray(queries)) throw new MessageError(`Queries of subscription ${subscriptionId} must be an array.`);
  let filter: PayloadFilter;
  try {
    filter = compilePayloadFilter(queries);
  } catch (e) {
    if (e instanceof AppwriteError) throw new MessageError(e.message);
    throw e;
  }
  const requested = [...new Set(channels as string[])];
  return { id: subscriptionId, requested, channels: expandChannels(requested, userId), queries: queries as string[], filter };
}

export class RealtimeConnection {
  private caller: Caller;
  roles: Set<string>;
  /** Seen a message or pong since the last heartbeat check. */
  alive = true;
  private readonly subscriptions = new Map<string, Subscription>();
  private queue: Promise<void>;

  constructor(
    private readonly ws: WebSocket,
    private readonly callers: CallerResolver,
    private readonly log: Logger,
    handshake: Promise<Caller>,
  ) {
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
    // Appwrite re-binds existing subscriptions to the new identity.
    for (const s of this.subscriptions.values()) s.channels = expandChannels(s.requested, caller.userId);
  }

  /** Ids of this socket's subscriptions that want `event` (roles are checked by the caller). */
  matching(event: BackendEvent): string[] {
    const ids: string[] = [];
    for (const s of this.subscriptions.values()) {
      if (event.channels.some((c) => s.channels.has(c)) && s.filter(event.payload)) ids.push(s.id);
    }
    return ids;
  }

  private respond(to: string, data: Record<string, unknown>) {
    this.send(JSON.stringify({ type: 'response', data: { to, success: true, ...data } }));
  }

  private async handle(text: string): Promise<void> {
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
    const parsed = data.map((item) => parseSubscription(item, this.caller.userId));
    const after = new Set([...this.subscriptions.keys(), ...parsed.map((s) => s.id)]);
    if (after.size > MAX_SUBSCRIPTIONS) throw new MessageError(`A socket can hold at most ${MAX_SUBSCRIPTIONS} subscriptions.`);
    // The same id again replaces that subscription (`subscription.update()` in the SDK).
    for (const s of parsed) this.subscriptions.set(s.id, s);
    this.respond('subscribe', {
      subscriptions: parsed.map((s) => ({ subscriptionId: s.id, channels: [...s.channels], queries: s.queries })),
    });
  }

  private unsubscribe(data: unknown) {
    if (!Array.isArray(data)) throw new MessageError('unsubscribe needs a list of subscriptions.');
    const removed = data.map((item) => {
      const id = (item as { subscriptionId?: unknown } | null)?.subscriptionId;
      if (typeof id !== 'string') throw new MessageError('Each unsubscribe item needs a subscriptionId.');
      return { subscriptionId: id, removed: this.subscriptions.delete(id) };
    });
    this.respond('unsubscribe', { subscriptions: removed });
  }
}
