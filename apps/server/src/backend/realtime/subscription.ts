import { AppwriteError } from '../http/errors.js';
import { compilePayloadFilter, type PayloadFilter } from './payload-filter.js';
import { MAX_CHANNEL_LENGTH, MAX_CHANNELS_PER_SUBSCRIPTION } from './socket-limits.js';

/** A `subscribe` item (backend-api.md §7), checked and its queries compiled. */
export interface SubscriptionRequest {
  id: string;
  /** Distinct, in the order asked. */
  channels: string[];
  queries: unknown[];
  filter: PayloadFilter;
  /** What it counts against the subscription budgets (socket-limits.ts). */
  weight: number;
}

/** A frame the socket answers with error 1003, staying open. */
export class MessageError extends Error {}

/**
 * About what a subscription keeps (socket-limits.ts): 1, plus 1 per channel,
 * plus queries counted as channels of MAX_CHANNEL_LENGTH characters.
 */
function weigh(channels: readonly string[], queries: readonly unknown[]): number {
  const queryChars = queries.length === 0 ? 0 : JSON.stringify(queries).length;
  return 1 + channels.length + Math.ceil(queryChars / MAX_CHANNEL_LENGTH);
}

export function parseSubscription(item: unknown): SubscriptionRequest {
  if (typeof item !== 'object' || item === null) throw new MessageError('Each subscription must be an object.');
  const { subscriptionId, channels, queries = [] } = item as Record<string, unknown>;
  if (typeof subscriptionId !== 'string' || subscriptionId === '' || subscriptionId.length > 64) {
    throw new MessageError('Each subscription needs a subscriptionId of 1 to 64 characters.');
  }
  if (!Array.isArray(channels) || channels.length === 0 || channels.length > MAX_CHANNELS_PER_SUBSCRIPTION) {
    throw new MessageError(`Subscription ${subscriptionId} needs 1 to ${MAX_CHANNELS_PER_SUBSCRIPTION} channels.`);
  }
  if (channels.some((c) => typeof c !== 'string' || c === '' || c.length > MAX_CHANNEL_LENGTH)) {
    throw new MessageError(`Subscription ${subscriptionId} has an invalid channel: names are 1 to ${MAX_CHANNEL_LENGTH} characters.`);
  }
  if (!Array.isArray(queries)) throw new MessageError(`Queries of subscription ${subscriptionId} must be an array.`);
  let filter: PayloadFilter;
  try {
    filter = compilePayloadFilter(queries);
  } catch (e) {
    if (e instanceof AppwriteError) throw new MessageError(e.message);
    throw e;
  }
  const distinct = [...new Set(channels as string[])];
  return { id: subscriptionId, channels: distinct, queries, filter, weight: weigh(distinct, queries) };
}
