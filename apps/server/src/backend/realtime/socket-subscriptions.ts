import type { ChannelNames } from './channel-names.js';
import type { PayloadFilter } from './payload-filter.js';
import { MAX_CHANNELS_PER_SOCKET, MAX_SUBSCRIPTIONS_PER_SOCKET, type Refusal } from './socket-limits.js';
import { MessageError, type SubscriptionRequest } from './subscription.js';

/** What a socket's subscriptions draw on: its client address's and the server's budget, and the shared channel names. */
export interface SubscriptionRoom {
  /** Takes `weight`, or says which budget has no room (socket-limits.ts). */
  take(weight: number): Refusal | null;
  release(weight: number): void;
  names: ChannelNames;
}

export interface Subscription {
  id: string;
  /** The names asked for, as the copies every socket shares (channel-names.ts). */
  channels: Set<string>;
  /** Asked for `account`: also receives `account.<userId>` while signed in. */
  account: boolean;
  filter: PayloadFilter;
  weight: number;
}

const REFUSED: Record<Refusal, string> = {
  address: 'Too many realtime subscriptions from this address.',
  server: 'The server holds too many realtime subscriptions; try again later.',
};

const sum = (items: Iterable<{ weight: number }>) => [...items].reduce((n, s) => n + s.weight, 0);

/**
 * One socket's subscriptions within its bounds (socket-limits.ts): at most
 * 100, naming at most 100 distinct channels, their weight taken from the
 * room's budgets and given back when they go.
 */
export class SocketSubscriptions {
  private readonly byId = new Map<string, Subscription>();
  /** How many of the subscriptions name each channel. */
  private readonly channelUses = new Map<string, number>();
  private weight = 0;

  constructor(private readonly room: SubscriptionRoom) {}

  get held(): { subscriptions: number; weight: number } {
    return { subscriptions: this.byId.size, weight: this.weight };
  }

  /** Ids of the subscriptions naming one of `channels` whose queries match `payload`. */
  matching(channels: readonly string[], payload: Record<string, unknown>, accountChannel: string | null): string[] {
    const ids: string[] = [];
    for (const s of this.byId.values()) {
      const named = channels.some((c) => s.channels.has(c) || (s.account && c === accountChannel));
      if (named && s.filter(payload)) ids.push(s.id);
    }
    return ids;
  }

  /** The channels a subscription receives, as the subscribe response lists them. */
  static channelsOf(s: Subscription, accountChannel: string | null): string[] {
    const channels = [...s.channels];
    if (s.account && accountChannel && !s.channels.has(accountChannel)) channels.push(accountChannel);
    return channels;
  }

  /**
   * Adds the requests, each replacing the subscription of its id, all or
   * nothing: past a bound it throws and changes nothing. Within one frame, the
   * last request of an id counts.
   */
  put(requests: readonly SubscriptionRequest[]): Subscription[] {
    const incoming = new Map(requests.map((r) => [r.id, r]));
    const replaced = [...incoming.keys()].flatMap((id) => this.byId.get(id) ?? []);
    if (this.byId.size - replaced.length + incoming.size > MAX_SUBSCRIPTIONS_PER_SOCKET) {
      throw new MessageError(`A socket can hold at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions.`);
    }
    if (this.channelsAfter(replaced, incoming.values()) > MAX_CHANNELS_PER_SOCKET) {
      throw new MessageError(`A socket can subscribe to at most ${MAX_CHANNELS_PER_SOCKET} channels.`);
    }
    const weight = sum(incoming.values()) - sum(replaced);
    const refused = weight > 0 ? this.room.take(weight) : null;
    if (refused) throw new MessageError(REFUSED[refused]);
    if (weight < 0) this.room.release(-weight);
    this.weight += weight;
    for (const s of replaced) this.drop(s);
    return [...incoming.values()].map((r) => this.hold(r));
  }

  /** Removes the subscription `id`; false when there is none. */
  remove(id: string): boolean {
    const s = this.byId.get(id);
    if (!s) return false;
    this.drop(s);
    this.room.release(s.weight);
    this.weight -= s.weight;
    return true;
  }

  /** Removes every subscription and gives their weight back. */
  clear(): void {
    for (const s of [...this.byId.values()]) this.drop(s);
    this.room.release(this.weight);
    this.weight = 0;
  }

  private hold(request: SubscriptionRequest): Subscription {
    const channels = new Set(request.channels.map((c) => this.room.names.hold(c)));
    for (const c of channels) this.channelUses.set(c, (this.channelUses.get(c) ?? 0) + 1);
    const s = { id: request.id, channels, account: channels.has('account'), filter: request.filter, weight: request.weight };
    this.byId.set(s.id, s);
    return s;
  }

  private drop(s: Subscription): void {
    this.byId.delete(s.id);
    for (const c of s.channels) {
      this.room.names.release(c);
      const uses = (this.channelUses.get(c) ?? 0) - 1;
      if (uses > 0) this.channelUses.set(c, uses);
      else this.channelUses.delete(c);
    }
  }

  /** Distinct channels the socket would name with `replaced` swapped for `incoming`. */
  private channelsAfter(replaced: readonly Subscription[], incoming: Iterable<SubscriptionRequest>): number {
    const change = new Map<string, number>();
    for (const s of replaced) for (const c of s.channels) change.set(c, (change.get(c) ?? 0) - 1);
    for (const r of incoming) for (const c of r.channels) change.set(c, (change.get(c) ?? 0) + 1);
    let distinct = this.channelUses.size;
    for (const [c, n] of change) {
      const uses = this.channelUses.get(c) ?? 0;
      if (uses === 0 && n > 0) distinct++;
      else if (uses > 0 && uses + n === 0) distinct--;
    }
    return distinct;
  }
}
