import type { Deps } from '../../module.js';
import { limiterStoreFor } from '../auth/limiter-store.js';
import { createSignInLimiter } from '../auth/login-limiter.js';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password.js';
import { hashSecret } from '../auth/secrets.js';
import { uniqueId } from '../http/params.js';
import { accountErrors } from './errors.js';
import { identitiesStore } from './identities.store.js';
import { tokensStore, type TokenRow, type TokenType } from './tokens.store.js';
import { usersStore, type UserRow } from './users.store.js';

export type Accounts = ReturnType<typeof createAccounts>;

/** Accounts: sign-up, password checks, one-time tokens, profile updates. */
export function createAccounts(deps: Deps) {
  const users = usersStore(deps.db);
  const tokens = tokensStore(deps.db);
  const limiter = createSignInLimiter(deps.now, limiterStoreFor(deps.db));
  const at = () => new Date(deps.now());

  return {
    users,
    identities: identitiesStore(deps.db),

    /** POST /account: no session is created (backend-api.md §3). Emails are kept lower-case, as Appwrite does. */
    async signUp(u: { id: string; email: string; password: string; name: string }): Promise<UserRow> {
      const row = await users.insert({
        id: u.id,
        email: u.email.toLowerCase(),
        name: u.name,
        passwordHash: await hashPassword(u.password),
        emailVerification: false,
        at: at(),
      });
      if (!row) throw accountErrors.alreadyExists();
      return row;
    },

    async createAnonymous(): Promise<UserRow> {
      const row = await users.insert({
        id: uniqueId(deps.now()),
        email: null,
        name: '',
        passwordHash: null,
        emailVerification: false,
        at: at(),
      });
      return row!;
    },

    /**
     * The user with this email and password. Unknown emails cost a hash too, so
     * timing does not tell which emails exist. The attempt is counted before
     * the password is checked (login-limiter.ts: per email and address, per
     * address, per email), so guesses sent at once are capped like guesses
     * sent one by one; a right password is not counted.
     */
    async checkPassword(email: string, password: string, ip: string): Promise<UserRow> {
      const attempt = await limiter.attempt(email.toLowerCase(), ip);
      if (attempt.waitMs > 0) throw accountErrors.rateLimited(attempt.waitMs);
      const user = await users.byEmail(email);
      const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
      if (!user || !user.password_hash || !ok) throw accountErrors.invalidCredentials();
      await attempt.succeeded();
      if (!user.status) throw accountErrors.blocked();
      return user;
    },

    /**
     * Mints a single-use token holding `secret` (only its hash is stored); a
     * function makes a new secret when the user already holds an equal one (6-digit codes).
     */
    async createToken(t: {
      userId: string;
      type: TokenType;
      provider?: string;
      providerUid?: string;
      secret: string | (() => string);
      ttlMs: number;
    }): Promise<{ id: string; secret: string; createdAt: Date; expire: Date }> {
      const now = deps.now();
      await tokens.purgeExpired(new Date(now));
      for (let attempt = 0; ; attempt++) {
        const secret = typeof t.secret === 'string' ? t.secret : t.secret();
        const row = {
          id: uniqueId(now),
          userId: t.userId,
          secretHash: hashSecret(secret),
          type: t.type,
          provider: t.provider ?? '',
          providerUid: t.providerUid ?? '',
          expire: new Date(now + t.ttlMs),
          at: new Date(now),
        };
        if (await tokens.insert(row)) return { id: row.id, secret, createdAt: row.at, expire: row.expire };
        if (typeof t.secret === 'string' || attempt >= 5) throw new Error('token secret collision');
      }
    },

    /**
     * Spends a token of one of `types`: a second use, a wrong secret, another
     * type or an expired token is 401 user_invalid_token.
     */
    async redeemToken(userId: string, secret: string, types: readonly TokenType[]): Promise<{ token: TokenRow; user: UserRow }> {
      const token = await tokens.consume(userId, hashSecret(secret), types, at());
      const user = token ? await users.byId(userId) : null;
      if (!token || !user) throw accountErrors.invalidToken();
      if (!user.status) throw accountErrors.blocked();
      return { token, user };
    },

    async get(userId: string): Promise<UserRow> {
      const user = await users.byId(userId);
      if (!user) throw accountErrors.userNotFound();
      return user;
    },

    async update(userId: string, set: Parameters<typeof users.update>[2]): Promise<UserRow> {
      const user = await users.update(userId, at(), set);
      if (!user) throw accountErrors.userNotFound();
      return user;
    },

    /** PATCH /account/password: the old password is required when one is set. */
    async changePassword(userId: string, password: string, oldPassword: string | undefined): Promise<UserRow> {
      const user = await this.get(userId);
      if (user.password_hash && !(await verifyPassword(oldPassword ?? '', user.password_hash))) {
        throw accountErrors.invalidCredentials();
      }
      return (await users.update(userId, at(), { passwordHash: await hashPassword(password) }))!;
    },
  };
}
