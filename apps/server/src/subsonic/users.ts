import { adminStore, hashPassword, isAdminLabels, uniqueId, usersStore, type AccountDeletion, type UserRow } from '../backend/module.js';
import type { Db } from '../db/db.js';
import { FORGET_VERDICTS } from '../http/private-gate.js';
import { decodePassword } from './auth-params.js';
import { MUSIC_FOLDER } from './browse.js';
import type { ScanStarter } from './scan.js';
import type { Call, Methods } from './call.js';
import { CODE, invalid, notFound, SubsonicError } from './errors.js';

/** The backend's rules for a password and an email (Appwrite's: 8 to 256 characters; an address with an @). */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 256;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface UserMethodsDeps {
  /** The catalogue's scanner: startScan starts (or joins) a scan. */
  startScan: ScanStarter;
  /** Forgets what the authenticator remembers of an account (its password changed, or it is gone). */
  forget: (user: string) => void;
  /** The backend's deletion of an account: its documents go, its sessions end and its realtime sockets close at once. */
  deleteAccount: AccountDeletion;
}

/**
 * An account as a Subsonic user: its email is the user name, and the backend's
 * administrators (labels holding `admin`) have `adminRole`. Every account
 * streams, downloads, makes playlists and shares, and reads covers; Lyra has no
 * uploads, jukebox, podcasts or comments.
 */
export function subsonicUser(u: UserRow) {
  return {
    username: u.email ?? '',
    email: u.email ?? '',
    scrobblingEnabled: true,
    adminRole: isAdminLabels(u.labels),
    settingsRole: true,
    downloadRole: true,
    uploadRole: false,
    playlistRole: true,
    coverArtRole: true,
    commentRole: false,
    podcastRole: false,
    streamRole: true,
    jukeboxRole: false,
    shareRole: true,
    videoConversionRole: false,
    folder: [MUSIC_FOLDER.id],
  };
}

const refused = (what: string) => new SubsonicError(CODE.notAuthorized, `Only an administrator of this server can ${what}`);

async function callerRow(db: Db, call: Call): Promise<UserRow> {
  const row = await usersStore(db).byId(call.caller.userId);
  if (!row) throw new SubsonicError(CODE.wrongCredentials, 'Wrong username or password');
  return row;
}

/** The caller's account when it is an administrator's (labels holding `admin`); else 50, saying what was refused. */
export async function requireAdmin(call: Call, what: string): Promise<UserRow> {
  const row = await callerRow(call.db, call);
  if (!isAdminLabels(row.labels)) throw refused(what);
  return row;
}

/** The account a call names by `username` (its email, in any letter case). */
async function named(call: Call): Promise<UserRow> {
  const row = await usersStore(call.db).byEmail(call.params.required('username'));
  if (!row) throw notFound('User');
  return row;
}

function passwordParam(call: Call, required: boolean): string | null {
  const raw = required ? call.params.required('password') : call.params.get('password');
  if (raw === null || raw === '') return null;
  const password = decodePassword(raw);
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) throw invalid('password', `${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  return password;
}

/**
 * The Subsonic user calls, for the backend's accounts (subsonic/README.md):
 * getUser (oneself, or anyone for an administrator), and for administrators
 * getUsers, createUser, updateUser, deleteUser and startScan. `adminRole`
 * maps to the backend's administrators; the other roles are fixed.
 */
export const userMethods = ({ startScan, forget, deleteAccount }: UserMethodsDeps): Methods => ({
  async getUser(call) {
    const self = await callerRow(call.db, call);
    const username = call.params.required('username');
    if (username.toLowerCase() !== (self.email ?? '').toLowerCase() && !isAdminLabels(self.labels)) {
      throw new SubsonicError(CODE.notAuthorized, 'Only your own user can be read');
    }
    return { user: subsonicUser(await named(call)) };
  },

  async getUsers(call) {
    await requireAdmin(call, 'list the users');
    const rows = await adminStore(call.db).listUsers(new Date(call.now()));
    return { users: { user: rows.filter(({ user }) => user.email).map(({ user }) => subsonicUser(user)) } };
  },

  /** `email` is the new account's sign-in (and Subsonic user name); `username` its display name. */
  async createUser(call) {
    await requireAdmin(call, 'create users');
    const name = call.params.required('username').trim().slice(0, 128);
    const email = call.params.required('email').trim().toLowerCase();
    if (!EMAIL.test(email) || email.length > 254) throw invalid('email', 'not an email address');
    const password = passwordParam(call, true)!;
    const users = usersStore(call.db);
    const at = new Date(call.now());
    const row = await users.insert({ id: uniqueId(call.now()), email, name, passwordHash: await hashPassword(password), emailVerification: false, at });
    if (!row) throw new SubsonicError(CODE.generic, 'A user with this email already exists');
    await adminStore(call.db).setAdmin(row.id, call.params.bool('adminRole', false), at);
    return {};
  },

  async updateUser(call) {
    const self = await requireAdmin(call, 'change users');
    const target = await named(call);
    const at = new Date(call.now());
    const password = passwordParam(call, false);
    if (password !== null) await usersStore(call.db).update(target.id, at, { passwordHash: await hashPassword(password) });
    const email = call.params.get('email')?.trim().toLowerCase();
    if (email && email !== target.email) {
      if (!EMAIL.test(email) || email.length > 254) throw invalid('email', 'not an email address');
      if ((await usersStore(call.db).setContact(target.id, at, 'email', email, null)) === 'taken') {
        throw new SubsonicError(CODE.generic, 'A user with this email already exists');
      }
    }
    if (call.params.has('adminRole')) {
      const admin = call.params.bool('adminRole', false);
      if (!admin && target.id === self.id) throw new SubsonicError(CODE.notAuthorized, 'You cannot take the admin role from your own user');
      await adminStore(call.db).setAdmin(target.id, admin, at);
    }
    forget(target.id);
    if (target.email) forget(target.email);
    return {};
  },

  /** The account, its sessions and keys, and the documents it owns (playlists, favourites, plays); its sessions end at once. */
  async deleteUser(call) {
    const self = await requireAdmin(call, 'delete users');
    const target = await named(call);
    if (target.id === self.id) throw new SubsonicError(CODE.notAuthorized, 'You cannot delete your own user');
    await deleteAccount(target.id);
    forget(target.id);
    if (target.email) forget(target.email);
    // Its sessions went with it: a private server's gates, on every instance, forget that they let it in.
    await call.db.notify(FORGET_VERDICTS, target.id);
    return {};
  },

  /** A scan of the music folder (quick unless `fullScan=true`), as the admin page's Rescan; the status once it started. */
  async startScan(call) {
    await requireAdmin(call, 'start a scan');
    const full = call.params.bool('fullScan', false);
    const status = await startScan(full ? 'full' : 'quick');
    return { scanStatus: { scanning: true, count: status.progress?.seen ?? status.tracks } };
  },
});
