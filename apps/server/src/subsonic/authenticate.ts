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
/** A token is md5(app password + salt): one made from the account password is the usual mistake. */
const wrongToken = () =>
  new SubsonicError(
    CODE.wrongCredentials,
    'Wrong username or password: Subsonic apps sign in with the app password shown in Profile, Subsonic apps, in the web app (not the account password)',
  );
const tooMany = () => new SubsonicError(CODE.wrongCredentials, 'Too many failed sign-ins; try again later');

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
 * Failures count in a sign-in limiter like the web sign-in's: 10 an hour per
 * user name and address (per address for keys); a blocked account is refused
 * like a wrong password. A check of the account password (the one secret a
 * person chose) takes its slot first, there and in the account's count shared
 * with the web sign-in (LOGIN_LIMIT.account), so guesses sent at once are
 * capped like guesses sent one by one. The app password and keys are made by
 * the server (over 140 bits): their failures are counted after the check.
 */
export function createAuthenticator(db: Db, box: SecretBox, now: () => number): Authenticator {
  const store = limiterStoreFor(db);
  const limiter = createRateLimiter({ name: 'subsonic-sign-in', max: LOGIN_LIMIT.max, windowMs: LOGIN_LIMIT.windowMs, now, store });
  const perAccount = createRateLimiter({ ...LOGIN_LIMIT.account, now, store });
  const users = usersStore(db);
  const credentials = credentialsStore(db);
  const verified = createExpiringMemo<string, true>({ ttlMs: PASSWORD_MEMO_MS, max: PASSWORD_MEMO_MAX, now });
  const accounts = createExpiringMemo<string, Account>({ ttlMs: ACCOUNT_MEMO_MS, max: ACCOUNT_MEMO_MAX, now });
  const keyOwners = createExpiringMemo<string, Caller>({ ttlMs: ACCOUNT_MEMO_MS, max: ACCOUNT_MEMO_MAX, now });

  /** The account of a user name with its app password; an unknown name is not remembered (it may sign up). */
  const account = async (username: string): Promise<Account | null> => {
    const kept = accounts.get(username);
    if (kept) return kept;
    const user = await users.byEmail(username);
    if (!user) return null;
    const sealed = await credentials.appPassword(user.id);
    const found = { user, app: sealed == null ? null : box.open(sealed) };
    accounts.set(username, found);
    return found;
  };

  const keyOwner = async (apiKey: string): Promise<Caller | null> => {
    const hash = hashSecret(apiKey);
    const kept = keyOwners.get(hash);
    if (kept) return kept;
    const userId = await credentials.userOfApiKey(hash, new Date(now()));
    const user = userId == null ? null : await users.byId(userId);
    if (!user?.email || !user.status) return null;
    const caller: Caller = { userId: user.id, username: user.email, via: 'apiKey' };
    keyOwners.set(hash, caller);
    return caller;
  };

  /** Account passwords verified within PASSWORD_MEMO_MS, by user, hash and password. */
  const memoKey = (user: UserRow, password: string) => hashSecret(`${user.id}\u0000${user.password_hash}\u0000${password}`);

  /** The app password, or an account password verified lately: settled without a guess at the account password. */
  const knownMatch = (found: Account, creds: Extract<Credentials, { kind: 'password' }>): boolean => {
    if (found.app != null && safeEqual(found.app, creds.password)) return true;
    return found.user.password_hash != null && verified.get(memoKey(found.user, creds.password)) === true;
  };

  /**
   * A slot for one guess at `username`'s account password, per user name and
   * address and per account; refused (nothing counted) when either is used up.
   */
  const reserveGuess = async (key: string, username: string) => {
    const pair = await limiter.reserve(key);
    if (pair.waitMs > 0) throw tooMany();
    const all = await perAccount.reserve(username);
    if (all.waitMs > 0) {
      await pair.giveBack();
      throw tooMany();
    }
    return {
      async succeeded() {
        await limiter.reset(key);
        await all.giveBack();
      },
    };
  };

  /** The account password, checked once a slot is reserved; unknown and blocked accounts cost a hash too. */
  const guessAccountPassword = async (key: string, username: string, user: UserRow | null, password: string): Promise<boolean> => {
    const guess = await reserveGuess(key, username);
    if (!user?.password_hash) {
      await verifyPassword(password, await dummyHash());
      return false;
    }
    if (!(await verifyPassword(password, user.password_hash))) return false;
    verified.set(memoKey(user, password), true);
    await guess.succeeded();
    return true;
  };

  // The limiter is read beside the account's lookup; a request settled by the
  // app password, a token or a remembered password writes nothing unless it
  // has failures to forgive.
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
      const username = creds.username.toLowerCase();
      const key = `subsonic:${username}:${clientIp}`;
      const [gate, found] = await Promise.all([limiter.peek(key), account(creds.username)]);
      if (gate.waitMs > 0) throw tooMany();
      // A blocked account, or one without an email, is refused like an unknown one.
      const live = found?.user.status && found.user.email ? { ...found, email: found.user.email } : null;
      if (creds.kind === 'token') {
        if (!live || !tokenMatches(live, creds)) {
          await limiter.recordFailure(key);
          throw wrongToken();
        }
      } else if (!live || !knownMatch(live, creds)) {
        const right = await guessAccountPassword(key, username, live?.user ?? null, creds.password);
        if (!right || !live) throw wrong();
        return { userId: live.user.id, username: live.email, via: creds.kind };
      }
      if (gate.attempts > 0) await limiter.reset(key);
      return { userId: live.user.id, username: live.email, via: creds.kind };
    },
    forget(who) {
      const same = (id: string, email: string | null | undefined) => id === who || email?.toLowerCase() === who.toLowerCase();
      accounts.deleteWhere((a) => same(a.user.id, a.user.email));
      keyOwners.deleteWhere((c) => same(c.userId, c.username));
    },
  };
}

/** md5(app password + salt), the token's check; 41 when the account has no app password. */
function tokenMatches(found: Account, creds: Extract<Credentials, { kind: 'token' }>): boolean {
  if (found.app == null) {
    throw new SubsonicError(
      CODE.tokenNotSupported,
      'Token authentication needs an app password for this user: see Profile, Subsonic apps, in the web app',
    );
  }
  const expected = createHash('md5').update(found.app + creds.salt).digest('hex');
  return safeEqual(expected, creds.token);
}
