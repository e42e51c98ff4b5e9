import { randomBytes } from 'node:crypto';
import { usersStore } from '../backend/module.js';
import { FORGET_VERDICTS } from '../http/private-gate.js';
import type { Call, Methods } from './call.js';
import { CODE, invalid, missing, notFound, SubsonicError } from './errors.js';
import { songChild } from './shapes.js';
import { shareableItems, sharedSongs } from './shared-items.js';
import { sharesStore, type ShareRow } from './shares.sql.js';
import { documentsOf } from './user-documents.js';
import { requireAdmin } from './users.js';

/** Enough for any listener; few enough for one answer. */
export const MAX_SHARES_PER_ACCOUNT = 500;
/** Songs, albums or playlists in one share. */
export const MAX_SHARED_ITEMS = 500;
const MAX_DESCRIPTION = 500;

/** A new share's id: 128 random bits, the link's only secret. */
export const newShareId = (): string => randomBytes(16).toString('base64url');

/** The address a share is opened at: the public description of what it holds. */
/** A share's page in the web app (its link); the page reads `/api/shares/<id>`. */
export const sharePath = (id: string): string => `/share/${encodeURIComponent(id)}`;

/** Whether a share may still be used at `now`. */
export const shareLive = (s: Pick<ShareRow, 'expires_at'>, now: number): boolean => s.expires_at === null || s.expires_at.getTime() > now;

/** `expires` in milliseconds since 1970 (as Subsonic sends it); absent or 0: never. */
function expiresParam(call: Call): Date | null {
  const raw = call.params.get('expires');
  if (raw === null || raw.trim() === '' || raw.trim() === '0') return null;
  if (!/^\d{1,15}$/.test(raw.trim())) throw invalid('expires', 'expected milliseconds since 1970');
  const at = Number(raw.trim());
  if (at <= call.now()) throw invalid('expires', 'the date is already past');
  return new Date(at);
}

function descriptionParam(call: Call): string | null {
  const text = call.params.get('description')?.trim() ?? '';
  if (text.length > MAX_DESCRIPTION) throw invalid('description', `at most ${MAX_DESCRIPTION} characters`);
  return text === '' ? null : text;
}

/** The ids a share is asked for, as it keeps them (share-items.ts); anything else is error 70. */
async function sharedItems(call: Call, ids: readonly string[]): Promise<string[]> {
  const items = await shareableItems(call.db, await documentsOf(call), ids);
  if (items === null) throw notFound('Song, album or playlist');
  return items;
}

/** Whether the caller is an administrator (they see and change every account's shares). */
const isAdmin = (call: Call): Promise<boolean> =>
  requireAdmin(call, 'manage shares').then(
    () => true,
    (e: unknown) => {
      if (e instanceof SubsonicError && e.code === CODE.notAuthorized) return false;
      throw e;
    },
  );

/** The share `id` names, when the caller owns it or is an administrator; else 70 (whose it is stays unsaid). */
async function ownShare(call: Call): Promise<ShareRow> {
  const share = await sharesStore(call.db).byId(call.params.required('id'));
  if (!share || (share.user_id !== call.caller.userId && !(await isAdmin(call)))) throw notFound('Share');
  return share;
}

/** A share as Subsonic's Share, its songs as entries; `username` is its owner's sign-in ('' when the account is gone). */
async function shareShape(call: Call, s: ShareRow, username: string) {
  const songs = await sharedSongs(call.db, call.documents, s, call.caller.userId);
  return {
    id: s.id,
    url: `${call.base}${sharePath(s.id)}`,
    ...(s.description ? { description: s.description } : {}),
    username,
    created: s.created_at.toISOString(),
    ...(s.expires_at ? { expires: s.expires_at.toISOString() } : {}),
    ...(s.last_visited_at ? { lastVisited: s.last_visited_at.toISOString() } : {}),
    visitCount: s.visit_count,
    entry: songs.map(songChild),
  };
}

const sharesAnswer = async (call: Call, rows: readonly ShareRow[]) => {
  const share = [];
  const names = new Map<string, string>();
  for (const s of rows) {
    if (!names.has(s.user_id)) names.set(s.user_id, (await usersStore(call.db).byId(s.user_id))?.email ?? '');
    share.push(await shareShape(call, s, names.get(s.user_id)!));
  }
  return { shares: { share } };
};

/**
 * Public shares (Subsonic 1.6.0): a link to songs, albums or a playlist that anyone holding it may play until it
 * expires, even on a private server, and nothing else. Every signed-in account shares (administrators
 * only with SHARES=admins); each lists and changes its own shares, administrators everyone's.
 * `maxBitRate` (an extension) caps the shared audio.
 */
export const shareMethods = ({ onlyAdmins }: { onlyAdmins: boolean }): Methods => ({
  async getShares(call) {
    const owner = (await isAdmin(call)) ? null : call.caller.userId;
    return sharesAnswer(call, await sharesStore(call.db).list(owner));
  },

  async createShare(call) {
    if (onlyAdmins) await requireAdmin(call, 'create shares');
    const ids = [...new Set(call.params.list('id').map((id) => id.trim()).filter((id) => id !== ''))];
    if (ids.length === 0) throw missing('id');
    if (ids.length > MAX_SHARED_ITEMS) throw invalid('id', `at most ${MAX_SHARED_ITEMS} songs, albums or playlists`);
    const items = await sharedItems(call, ids);
    const maxBitRate = call.params.optionalInt('maxBitRate', 0, 10_000);
    const id = newShareId();
    const store = sharesStore(call.db);
    const made = await store.create(
      {
        id,
        userId: call.caller.userId,
        description: descriptionParam(call),
        itemIds: items,
        expiresAt: expiresParam(call),
        maxBitRate: maxBitRate === 0 ? null : maxBitRate,
        at: new Date(call.now()),
      },
      MAX_SHARES_PER_ACCOUNT,
    );
    if (!made) throw invalid('id', `at most ${MAX_SHARES_PER_ACCOUNT} shares: delete one first`);
    return sharesAnswer(call, [(await store.byId(id))!]);
  },

  async updateShare(call) {
    const share = await ownShare(call);
    const description = call.params.has('description') ? descriptionParam(call) : share.description;
    const expires = call.params.has('expires') ? expiresParam(call) : share.expires_at;
    await sharesStore(call.db).update(share.id, description, expires);
    // A private server's gates, on every instance, ask again at once (they remember a share's answer for a few seconds).
    await call.db.notify(FORGET_VERDICTS, share.id);
    return {};
  },

  async deleteShare(call) {
    const share = await ownShare(call);
    await sharesStore(call.db).remove(share.id);
    await call.db.notify(FORGET_VERDICTS, share.id);
    return {};
  },
});
