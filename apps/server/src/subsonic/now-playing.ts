/** What each player of each user last said it plays (scrobble submission=false); in memory, this server only. */
export interface NowPlayingEntry {
  userId: string;
  username: string;
  songId: string;
  /** The `c` parameter: the app's name. */
  player: string;
  at: number;
  /** How long the entry stays: the song's length and a margin. */
  untilMs: number;
}

const MARGIN_MS = 2 * 60_000;
const MAX_ENTRIES = 1000;

export interface NowPlaying {
  report(entry: Omit<NowPlayingEntry, 'untilMs'>, durationS: number): void;
  /** A user's entries still current, newest first. */
  of(userId: string, now: number): NowPlayingEntry[];
  /** Stable small ids for players (the protocol's integer `playerId`). */
  playerId(entry: NowPlayingEntry): number;
}

export function createNowPlaying(): NowPlaying {
  const entries = new Map<string, NowPlayingEntry>();
  const ids = new Map<string, number>();
  const key = (e: { userId: string; player: string }) => `${e.userId}\u0000${e.player}`;
  return {
    report(entry, durationS) {
      const k = key(entry);
      entries.delete(k);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(k, { ...entry, untilMs: entry.at + Math.max(0, durationS) * 1000 + MARGIN_MS });
    },
    of(userId, now) {
      const out: NowPlayingEntry[] = [];
      for (const [k, e] of entries) {
        if (e.untilMs < now) entries.delete(k);
        else if (e.userId === userId) out.push(e);
      }
      return out.sort((a, b) => b.at - a.at);
    },
    playerId(entry) {
      const k = key(entry);
      let id = ids.get(k);
      if (id === undefined) {
        if (ids.size >= MAX_ENTRIES) ids.clear();
        id = ids.size + 1;
        ids.set(k, id);
      }
      return id;
    },
  };
}
