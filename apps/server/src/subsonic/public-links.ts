import { BITRATES_KBPS } from '@lyra/contracts/ids';
import type { ShareExpiry, ShareLink } from '@lyra/contracts/share-links';
import { AppwriteError, usersStore, type ServerDocuments } from '../backend/module.js';
import { selectAlbumTrackIds } from '../catalogue/module.js';
import type { Db } from '../db/db.js';
import { FORGET_VERDICTS } from '../http/private-gate.js';
import { PLAYLIST } from './playlists.js';
import { shareableItems, sharedSongs } from './shared-items.js';
import { MAX_SHARES_PER_ACCOUNT, newShareId, sharePath } from './shares.js';
import { sharesStore, type ShareRow } from './shares.sql.js';

/**
 * Public share links made in the web app (public-links-routes.ts): the same shares as Subsonic's createShare,
 * for the signed-in listener of a backend session, errors in Appwrite's shape. What a link holds is one song,
 * one album or one of the listener's readable playlists.
 */
export interface ShareLinkDeps {
  db: Db;
  documents: ServerDocuments;
  /** The catalogue as this account may see it (its libraries). */
  catalogueOf(userId: string): Promise<Db>;
  now: () => number;
}

const DAY_MS = 86_400_000;

const SPANS: Record<ShareExpiry, number | null> = { never: null, day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS };
const MAX_DESCRIPTION = 500;

const invalid = (message: string) => new AppwriteError(400, 'general_argument_invalid', message);
export const shareNotFound = () => new AppwriteError(404, 'share_not_found', 'No public link with this id.');

/** `expires`: never, day, week, month (from now) or a date to come (ISO 8601); absent: never. */
export function expiryOf(value: unknown, now: number): Date | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalid('Invalid `expires` param: never, day, week, month or a date.');
  if (value in SPANS) {
    const span = SPANS[value as ShareExpiry];
    return span === null ? null : new Date(now + span);
  }
  const at = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(at)) throw invalid('Invalid `expires` param: never, day, week, month or a date.');
  if (at <= now) throw invalid('Invalid `expires` param: the date is already past.');
  return new Date(at);
}

export function descriptionOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.trim().length > MAX_DESCRIPTION) throw invalid(`Invalid \`description\` param: at most ${MAX_DESCRIPTION} characters.`);
  return value.trim() === '' ? null : value.trim();
}

/** `maxBitRate`: absent or null for no cap, else one of the quality tiers. */
export function capOf(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (!BITRATES_KBPS.includes(value as never)) throw invalid(`Invalid \`maxBitRate\` param: one of ${BITRATES_KBPS.join(', ')}.`);
  return value as number;
}

/** What share `s` holds, named as its sharer sees it now. */
async function whatOf(deps: ShareLinkDeps, s: ShareRow): Promise<ShareLink['what']> {
  const db = await deps.catalogueOf(s.user_id);
  const songs = await sharedSongs(db, deps.documents, s, '');
  const first = s.item_ids[0] ?? '';
  if (first.startsWith('playlist:')) {
    const docs = await deps.documents.as(s.user_id);
    const doc = await docs?.get(PLAYLIST, first.slice('playlist:'.length)).catch(() => null);
    return { kind: 'playlist', name: typeof doc?.name === 'string' ? doc.name : '', songCount: songs.length };
  }
  if ((await selectAlbumTrackIds(db, [first])).length > 0) {
    return { kind: 'album', name: songs.find((song) => song.album_id === first)?.album_name ?? '', songCount: songs.length };
  }
  return { kind: 'song', name: songs.find((song) => song.id === first)?.title ?? '', songCount: songs.length };
}

export async function shareLink(deps: ShareLinkDeps, s: ShareRow, base: string): Promise<ShareLink> {
  return {
    id: s.id,
    url: base + sharePath(s.id),
    description: s.description,
    created: s.created_at.toISOString(),
    expires: s.expires_at?.toISOString() ?? null,
    maxBitRate: s.max_bit_rate,
    visitCount: s.visit_count,
    what: await whatOf(deps, s),
    owner: (await usersStore(deps.db).byId(s.user_id))?.email ?? '',
  };
}

/** A new link to one song, album or readable playlist `itemId` for `userId`. */
export async function createShareLink(
  deps: ShareLinkDeps,
  userId: string,
  body: { id?: unknown; description?: unknown; expires?: unknown; maxBitRate?: unknown },
): Promise<ShareRow> {
  if (typeof body.id !== 'string' || body.id.trim() === '') throw invalid('Missing required parameter: "id"');
  const docs = await deps.documents.as(userId);
  const items = docs && (await shareableItems(await deps.catalogueOf(userId), docs, [body.id.trim()]));
  if (!items) throw new AppwriteError(404, 'share_item_not_found', 'No song, album or playlist of yours with this id.');
  const id = newShareId();
  const store = sharesStore(deps.db);
  const made = await store.create(
    {
      id,
      userId,
      description: descriptionOf(body.description),
      itemIds: items,
      expiresAt: expiryOf(body.expires, deps.now()),
      maxBitRate: capOf(body.maxBitRate),
      at: new Date(deps.now()),
    },
    MAX_SHARES_PER_ACCOUNT,
  );
  if (!made) throw invalid(`You have ${MAX_SHARES_PER_ACCOUNT} public links: revoke one first.`);
  return (await store.byId(id))!;
}

/** Share `id` when `userId` made it or `admin` is set; else 404 (whose it is stays unsaid). */
export async function ownShareLink(deps: ShareLinkDeps, id: string, userId: string, admin: boolean): Promise<ShareRow> {
  const share = await sharesStore(deps.db).byId(id);
  if (!share || (share.user_id !== userId && !admin)) throw shareNotFound();
  return share;
}

/** A changed or revoked link: a private server's gates, on every instance, ask again at once. */
export const forgetVerdicts = (deps: ShareLinkDeps, id: string): Promise<void> => deps.db.notify(FORGET_VERDICTS, id);
