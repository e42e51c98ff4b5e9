import { vi } from 'vitest';

/**
 * A realtime subscription is live once the server has its `subscribe` frame, which the client cannot
 * see: `probe` makes a change the subscription hears, again until one of its events arrives in `received`.
 */
export async function untilLive(received: readonly unknown[], probe: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const before = received.length;
    await probe();
    const heard = await vi
      .waitFor(
        () => {
          if (received.length <= before) throw new Error('no event yet');
        },
        { timeout: 500, interval: 50 },
      )
      .then(() => true)
      .catch(() => false);
    if (heard) return;
  }
  throw new Error('subscription never went live');
}
