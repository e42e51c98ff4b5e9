import { createHash } from 'node:crypto';
import type { Db } from '../db/db.js';
import { createExpiringMemo } from '../expiring-memo.js';
import { createRateLimiter, dummyHash, hashSecret, limiterStoreFor, LOGIN_LIMIT, safeEqual, usersStore, verifyPassword, type UserRow } from '../backend/module.js';
import type { Credentials } from './auth-params.js';
import { credentialsStore } from './credentials.store.js';
import { CODE, SubsonicError } from './errors.js';
import type { SecretBox } from './secret-box.js';

/** Who is calling, once authenticated. */
export interface Caller {
  userId: string;
  /** The account's email: the Subsonic user name. */
  username: string;
  via: Credentials['kind'];
}

export interface Authenticator {
  authenticate(creds: Credentials, clientIp: string): Promise<Caller>;
  /** Forgets what is remembered of an account (by id or email) at once: its app password or keys changed. */
  forget(user: string): void;
}

const wrong = () => new SubsonicError(CODE.wrongCredentials, 'Wrong username or password');

/** A verified account password is remembered this long, so a client sending `p` on every request costs one scrypt. */
const PASSWORD_MEMO_MS = 10 * 60_000;
const PASSWORD_MEMO_MAX = 1_000;
/**
 * An account's row and app password, and an API key's account, are remembered
 * this long: an app signs every request of a burst (a sync pages through the
 * library, a screen asks for fifty covers). A change made through this server
 * (a new app password, a revoked key) is seen at once; one made elsewhere (a
 * blocked account, another instance) within this time.
 */
export const ACCOUNT_MEMO_MS = 5_000;
const ACCOUNT_MEMO_MAX = 1_000;

interface Account {
  user: UserRow;
  app: string | null;
}

/**
 * Checks Subsonic credentials against the backend's accounts:
 * - `p`: the app password, else the account password (the backend's own scrypt check);
 * - `t` + `s`: md5(app password + salt), the only secret the server can read back;
 * - `apiKey`: the SHA-256 of a key `npm run admin -- subsonic credentials` issued.
 * Failures count in a sign-in limiter like the web sign-in's (per user name, or
 * per address for keys); a blocked account is refused like a wrong password.
 */
export function createAuthenticator(db: Db, box: SecretBox, now: () => number): Authenticator {
  const limiter = createRateLimiter({ name: 'subsonic-sign-in', ...LOGIN_LIMIT, now, store: limiterStoreFor(db) });
  const users = usersStore(db);
  const store = credentialsStore(db);
  const verified = createExpiringMemo<string, true>({ ttlMs: PASSWORD_MEMO_MS, max: PASSWORD_MEMO_MAX, now });
  const accounts = createExpiringMemo<string, Account>({ ttlMs: ACCOUNT_MEMO_MS, max: ACCOUNT_MEMO_MAX, now });
  const keyOwners = createExpiringMemo<string, Caller>({ ttlMs: ACCOUNT_MEMO_MS, max: ACCOUNT_MEMO_MAX, now });

  /** The account of a user name with its app password; an unknown name is not remembered (it may sign up). */
  const account = async (username: string): Promise<Account | null> => {
    const kept = accounts.get(username);
    if (kept) return kept;
    const user = await users.byEmail(username);
    if (!user) return null;
    const sealed = await store.appPassword(user.id);
    const found = { user, app: sealed == null ? null : box.open(sealed) };
    accounts.set(username, found);
    return found;
  };

  const keyOwner = async (apiKey: string): Promise<Caller | null> => {
    const hash = hashSecret(apiKey);
    const kept = keyOwners.get(hash);
    if (kept) return kept;
    const userId = await store.userOfApiKey(hash, new Date(now()));
    const user = userId == null ? null : await users.byId(userId);
    if (!user?.email || !user.status) return null;
    const caller: Caller = { userId: user.id, username: user.email, via: 'apiKey' };
    keyOwners.set(hash, caller);
    return caller;
  };

  const accountPasswordMatches = async (user: UserRow, password: string): Promise<boolean> => {
    if (!user.password_hash) return false;
    const key = hashSecret(`${user.id}\u0000${user.password_hash}\u0000${password}`);
    if (verified.get(key)) return true;
    if (!(await verifyPassword(password, user.password_hash))) return false;
    verified.set(key, true);
    return true;
  };

  const check = async (creds: Exclude<Credentials, { kind: 'apiKey' }>, found: Account | null): Promise<boolean> => {
    const user = found?.user;
    if (!user || !user.status) {
      if (creds.kind === 'password') await verifyPassword(creds.password, await dummyHash());
      return false;
    }
    const { app } = found;
    if (creds.kind === 'token') {
      if (app == null) {
        throw new SubsonicError(
          CODE.tokenNotSupported,
          'Token authentication needs an app password for this user: see Profile, Subsonic apps, in the web app',
        );
      }
      const expected = createHash('md5').update(app + creds.salt).digest('hex');
      return safeEqual(expected, creds.token);
    }
    if (app != null && safeEqual(app, creds.password)) return true;
    return accountPasswordMatches(user, creds.password);
  };

  // The limiter is asked beside the account's lookup (both are reads); a success
  // clears the key only when it had failures to forgive.
  return {
    async authenticate(creds, clientIp) {
      if (creds.kind === 'apiKey') {
        const key = `subsonic-key:${clientIp}`;
        const [gate, caller] = await Promise.all([limiter.peek(key), keyOwner(creds.apiKey)]);
        if (gate.waitMs > 0) throw new SubsonicError(CODE.invalidApiKey, 'Too many failed attempts; try again later');
        if (!caller) {
          await limiter.recordFailure(key);
          throw new SubsonicError(CODE.invalidApiKey, 'Invalid API key');
        }
        return caller;
      }
      const key = `subsonic:${creds.username.toLowerCase()}:${clientIp}`;
      const [gate, found] = await Promise.all([limiter.peek(key), account(creds.username)]);
      if (gate.waitMs > 0) throw new SubsonicError(CODE.wrongCredentials, 'Too many failed sign-ins; try again later');
      const email = found?.user.email;
      if (!(await check(creds, found)) || !email) {
        await limiter.recordFailure(key);
        throw wrong();
      }
      if (gate.attempts > 0) await limiter.reset(key);
      return { userId: found.user.id, username: email, via: creds.kind };
    },
    forget(who) {
      const same = (id: string, email: string | null | undefined) => id === who || email?.toLowerCase() === who.toLowerCase();
      accounts.deleteWhere((a) => same(a.user.id, a.user.email));
      keyOwners.deleteWhere((c) => same(c.userId, c.username));
    },
  };
}
