import { createHash } from 'node:crypto';
import type { Db } from '../db/db.js';
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
}

const wrong = () => new SubsonicError(CODE.wrongCredentials, 'Wrong username or password');

/** A verified account password is remembered this long, so a client sending `p` on every request costs one scrypt. */
const PASSWORD_MEMO_MS = 10 * 60_000;
const PASSWORD_MEMO_MAX = 1_000;

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
  const verified = new Map<string, number>();

  const appPassword = async (userId: string): Promise<string | null> => {
    const sealed = await store.appPassword(userId);
    return sealed == null ? null : box.open(sealed);
  };

  const accountPasswordMatches = async (user: UserRow, password: string): Promise<boolean> => {
    if (!user.password_hash) return false;
    const key = hashSecret(`${user.id}\u0000${user.password_hash}\u0000${password}`);
    const at = verified.get(key);
    if (at !== undefined && now() - at < PASSWORD_MEMO_MS) return true;
    if (!(await verifyPassword(password, user.password_hash))) return false;
    if (verified.size >= PASSWORD_MEMO_MAX) verified.delete(verified.keys().next().value!);
    verified.set(key, now());
    return true;
  };

  const check = async (creds: Exclude<Credentials, { kind: 'apiKey' }>, user: UserRow | null): Promise<boolean> => {
    if (!user || !user.status) {
      if (creds.kind === 'password') await verifyPassword(creds.password, await dummyHash());
      return false;
    }
    const app = await appPassword(user.id);
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

  return {
    async authenticate(creds, clientIp) {
      if (creds.kind === 'apiKey') {
        const key = `subsonic-key:${clientIp}`;
        if ((await limiter.retryAfterMs(key)) > 0) throw new SubsonicError(CODE.invalidApiKey, 'Too many failed attempts; try again later');
        const userId = await store.userOfApiKey(hashSecret(creds.apiKey), new Date(now()));
        const user = userId == null ? null : await users.byId(userId);
        if (!user?.email || !user.status) {
          await limiter.recordFailure(key);
          throw new SubsonicError(CODE.invalidApiKey, 'Invalid API key');
        }
        return { userId: user.id, username: user.email, via: 'apiKey' };
      }
      const key = `subsonic:${creds.username.toLowerCase()}:${clientIp}`;
      if ((await limiter.retryAfterMs(key)) > 0) throw new SubsonicError(CODE.wrongCredentials, 'Too many failed sign-ins; try again later');
      const user = await users.byEmail(creds.username);
      if (!(await check(creds, user)) || !user?.email) {
        await limiter.recordFailure(key);
        throw wrong();
      }
      await limiter.reset(key);
      return { userId: user.id, username: user.email, via: creds.kind };
    },
  };
}
