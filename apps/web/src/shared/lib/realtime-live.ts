/**
 * When a realtime subscription is live on the server. The SDK's subscribe
 * resolves once the socket is open, before the server has the subscription,
 * and it says nothing of the server's answer; a change made in between is
 * never heard. The server answers each subscribe frame with the channels it
 * now delivers (backend-api.md §7): read from the socket's frames, that answer
 * is the moment a screen can read its lists afresh and miss nothing.
 */

/** The channels a frame confirms as subscribed, or null for any other frame. */
export function confirmedChannels(data: unknown): Set<string> | null {
  if (typeof data !== 'string' || !data.includes('"subscribe"')) return null;
  try {
    const frame = JSON.parse(data) as { type?: unknown; data?: { to?: unknown; success?: unknown; subscriptions?: unknown } };
    if (frame.type !== 'response' || frame.data?.to !== 'subscribe' || frame.data.success !== true || !Array.isArray(frame.data.subscriptions)) return null;
    const channels = (frame.data.subscriptions as { channels?: unknown }[]).flatMap((s) => (Array.isArray(s.channels) ? s.channels : []));
    return new Set(channels.filter((c): c is string => typeof c === 'string'));
  } catch {
    return null;
  }
}

/** Whether every channel of a subscription is among those confirmed. */
export const coversAll = (confirmed: ReadonlySet<string>, channels: readonly string[]): boolean => channels.every((c) => confirmed.has(c));
