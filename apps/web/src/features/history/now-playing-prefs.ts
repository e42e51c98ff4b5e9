/**
 * Where the listener is, kept in the account's preferences (one small object
 * per account, read by every device): the song, the position and when it was
 * saved. Preferences are replaced whole, so a write keeps every other key.
 */
export const NOW_PLAYING_KEY = 'nowPlaying';

export interface NowPlaying {
  songId: string;
  positionS: number;
  /** Epoch ms. */
  savedAt: number;
  /** The open app (tab) that saved it (shared/lib/device-id.ts), when it said. */
  deviceId?: string;
}

export function readNowPlaying(prefs: Record<string, unknown> | undefined): NowPlaying | null {
  const v = prefs?.[NOW_PLAYING_KEY];
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeof o.songId !== 'string' || o.songId === '' || typeof o.positionS !== 'number' || !Number.isFinite(o.positionS)) return null;
  return {
    songId: o.songId,
    positionS: Math.max(0, o.positionS),
    savedAt: typeof o.savedAt === 'number' ? o.savedAt : 0,
    ...(typeof o.deviceId === 'string' && o.deviceId !== '' ? { deviceId: o.deviceId } : {}),
  };
}

export function withNowPlaying(prefs: Record<string, unknown>, now: NowPlaying): Record<string, unknown> {
  return { ...prefs, [NOW_PLAYING_KEY]: { ...now, positionS: Math.round(now.positionS * 10) / 10 } };
}

/** SPEC-style cadence: saved every 10 s while playing, and at once on pause. */
export const SAVE_EVERY_MS = 10_000;

/** Whether a progress sample should be saved now. */
export function dueForSave(lastSavedAt: number, nowMs: number, paused: boolean): boolean {
  return paused || nowMs - lastSavedAt >= SAVE_EVERY_MS;
}
