import type { Db } from '../../db/db.js';
import { hashSecret, safeEqual } from '../auth/secrets.js';
import { parseMemberKey } from './room-input.js';
import { hostGone } from './room-rules.js';
import { roomsStore } from './rooms.store.js';

/** A song's audio, site-relative: `/media/<songId>/<tier>.mp4`. */
const MEDIA = /^\/media\/([^/]+)\/\d+\.mp4$/;

/** At most this many songs' details in one ask (the room page asks one at a time). */
const MAX_IDS = 50;

/**
 * The songs a request target asks for: a song's audio (`/media/<id>/<tier>.mp4`) or the songs' details
 * (`/api/songs?ids=<a>,<b>`); null for anything else.
 */
function songsOf(target: string): string[] | null {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  try {
    const m = MEDIA.exec(path);
    if (m) return [decodeURIComponent(m[1]!)];
    if (path !== '/api/songs' || q < 0) return null;
    const ids = (new URLSearchParams(target.slice(q + 1)).get('ids') ?? '').split(',').map((id) => id.trim());
    return ids.length > MAX_IDS || ids.some((id) => id === '') ? null : ids;
  } catch {
    return null;
  }
}

/**
 * Whether the anonymous room guest holding `key` (`<memberId>.<secret>`, what joining gave them, sent as
 * X-Lyra-Room-Key or `roomKey=`) may fetch `target` (site-relative, with its query) on a private server:
 * the audio, or the details (`/api/songs?ids=`), of songs in the queue of their room while it is open.
 * Nothing else: no other song, no cover, no other catalogue call, and nothing once the room has ended.
 */
export async function roomAdmits(db: Db, key: string, target: string, now: number): Promise<boolean> {
  const songIds = songsOf(target);
  const k = parseMemberKey(key);
  if (songIds === null || !k) return false;
  const store = roomsStore(db);
  const keyHash = hashSecret(k.secret);
  for (const g of await store.guestsById(k.memberId)) {
    if (!safeEqual(g.keyHash, keyHash) || g.endedAt || hostGone(g.hostSeen.getTime(), now)) continue;
    if (await store.hasSongs(g.roomId, songIds)) return true;
  }
  return false;
}
