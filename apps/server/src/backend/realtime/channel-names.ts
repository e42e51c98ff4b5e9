/**
 * One copy of each channel name the subscriptions of every socket hold: 10,000
 * sockets on `documents` share one string instead of each keeping the copy
 * its frame was parsed into. Counted, so a name nobody holds any more is
 * dropped and the table never outgrows the subscription budget.
 */
export function createChannelNames() {
  const names = new Map<string, { name: string; holders: number }>();
  return {
    /** The shared copy of `name`, held once more. */
    hold(name: string): string {
      let entry = names.get(name);
      if (!entry) names.set(name, (entry = { name, holders: 0 }));
      entry.holders++;
      return entry.name;
    },
    release(name: string): void {
      const entry = names.get(name);
      if (entry && --entry.holders === 0) names.delete(name);
    },
    /** Distinct names held. */
    get size() {
      return names.size;
    },
  };
}

export type ChannelNames = ReturnType<typeof createChannelNames>;
