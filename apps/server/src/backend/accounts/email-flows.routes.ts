import { Hono, type Context } from 'hono';
import { requireUser, type BackendEnv } from '../auth/caller.js';
import { newSecret } from '../auth/secrets.js';
import { optionalString, readBody, requireString, resolveId } from '../http/params.js';
import { sessionsEndedEvent } from '../realtime/session-end.js';
import { hashPassword } from '../auth/password.js';
import { kitHelpers, type AccountKit } from './account-kit.js';
import { accountErrors } from './errors.js';
import type { Invitations } from './invitations.js';
import { mailedLink } from './links.js';
import { newSixDigitCode, securityPhrase } from './mfa.js';
import { appwriteTime, tokenModel } from './models.js';
import type { UserRow } from './users.store.js';
import { emailParam, idParam, optionalBoolean, passwordParam, phoneParam, secretParam } from './validation.js';

const HOUR_MS = 60 * 60_000;
/** Appwrite's lifetimes: recovery, verification and magic URL 1 hour (TOKEN_EXPIRATION_*), email codes 15 minutes. */
export const RECOVERY_TTL_MS = HOUR_MS;
export const VERIFICATION_TTL_MS = HOUR_MS;
export const MAGIC_URL_TTL_MS = HOUR_MS;
export const EMAIL_CODE_TTL_MS = 15 * 60_000;

/**
 * Everything that sends a secret by mail and takes it back (backend-api.md §3):
 * password recovery, email verification, magic URL and email-code sign-in,
 * and the phone equivalents, which answer 503 general_phone_disabled (no SMS
 * provider exists on this server). Links are the app's `url` plus
 * `userId`, `secret`, `expire` (and `project` for magic URLs).
 */
export function emailFlowRoutes(kit: AccountKit, { invitations }: { invitations: Invitations }) {
  const { deps, accounts, sessions, events, log } = kit;
  const { linkUrl, linkOrigin, limit, ipKey, mail } = kitHelpers(kit);
  const routes = new Hono<BackendEnv>();

  // Password recovery.
  routes.post('/v1/account/recovery', async (c) => {
    const body = await readBody(c);
    const email = emailParam(body);
    const url = linkUrl(c, requireString(body, 'url'));
    await limit('recovery', [`email:${email.toLowerCase()}`, ipKey(c)]);
    const user = await accounts.users.byEmail(email);
    if (!user) throw accountErrors.userNotFound();
    if (!user.status) throw accountErrors.blocked();
    const token = await accounts.createToken({ userId: user.id, type: 'recovery', secret: newSecret(), ttlMs: RECOVERY_TTL_MS });
    const link = mailedLink(url, { userId: user.id, secret: token.secret, expire: appwriteTime(token.expire) });
    await mail(user.email!, { kind: 'recovery', name: user.name, link });
    await log(c, user.id, 'recovery.create');
    return c.json(tokenModel({ ...token, userId: user.id }), 201);
  });

  routes.put('/v1/account/recovery', async (c) => {
    const body = await readBody(c);
    const userId = idParam(body, 'userId');
    const secret = secretParam(body);
    const password = passwordParam(body);
    await limit('recoveryUpdate', [`user:${userId}`]);
    if (!(await accounts.users.byId(userId))) throw accountErrors.userNotFound();
    const { token } = await spend(c, userId, secret, 'recovery');
    // The link reached the mailbox: the address is proven too (as in Appwrite).
    await accounts.update(userId, { passwordHash: await hashPassword(password), emailVerification: true });
    await sessions.deleteAll(userId);
    await events.publish(sessionsEndedEvent({ userId, sessionIds: null }, appwriteTime(new Date(deps.now()))));
    await log(c, userId, 'recovery.update');
    return c.json(tokenModel({ id: token.id, userId, createdAt: token.created_at, expire: token.expire }));
  });

  /** Spends a token; wrong secrets count towards the guess limit of (address, user). */
  async function spend(c: Context, userId: string, secret: string, type: 'recovery' | 'verification') {
    const key = `${type}:${ipKey(c)}:${userId}`;
    const wait = await kit.guesses.retryAfterMs(key);
    if (wait > 0) throw accountErrors.rateLimited(wait);
    try {
      const spent = await accounts.redeemToken(userId, secret, [type]);
      await kit.guesses.reset(key);
      return spent;
    } catch (err) {
      await kit.guesses.recordFailure(key);
      throw err;
    }
  }

  // Email verification: Appwrite's `/account/verifications/email` and the older `/account/verification`.
  for (const path of ['/v1/account/verification', '/v1/account/verifications/email']) {
    routes.post(path, async (c) => {
      const { userId } = requireUser(c.var.caller);
      const body = await readBody(c);
      const url = linkUrl(c, requireString(body, 'url'));
      const user = await accounts.get(userId);
      if (!user.email) throw accountErrors.emailNotFound();
      if (user.email_verification) throw accountErrors.emailAlreadyVerified();
      await limit('verification', [`user:${userId}`]);
      const token = await accounts.createToken({ userId, type: 'verification', secret: newSecret(), ttlMs: VERIFICATION_TTL_MS });
      const link = mailedLink(url, { userId, secret: token.secret, expire: appwriteTime(token.expire) });
      await mail(user.email, { kind: 'verification', name: user.name, link });
      await log(c, userId, 'verification.create');
      return c.json(tokenModel({ ...token, userId }), 201);
    });

    routes.put(path, async (c) => {
      const body = await readBody(c);
      const userId = idParam(body, 'userId');
      const secret = secretParam(body);
      await limit('verificationUpdate', [`user:${userId}`]);
      if (!(await accounts.users.byId(userId))) throw accountErrors.userNotFound();
      const { token } = await spend(c, userId, secret, 'verification');
      await accounts.update(userId, { emailVerification: true });
      await log(c, userId, 'verification.update');
      return c.json(tokenModel({ id: token.id, userId, createdAt: token.created_at, expire: token.expire }));
    });
  }

  // Phone verification: no SMS provider, so Appwrite's "not configured" answer once the input is valid.
  for (const path of ['/v1/account/verification/phone', '/v1/account/verifications/phone']) {
    routes.post(path, async (c) => {
      requireUser(c.var.caller);
      await readBody(c);
      throw accountErrors.phoneDisabled();
    });
    routes.put(path, async (c) => {
      const body = await readBody(c);
      idParam(body, 'userId');
      secretParam(body);
      throw accountErrors.phoneDisabled();
    });
  }

  /**
   * The user a magic URL or email code signs in: the one with this email, else
   * a new account with `userId` (Appwrite creates it, unverified, without a
   * password) as SIGNUPS allows: with `invite`, the body's `invitation` (the
   * secret of an admin's link) pays for it.
   */
  async function userForEmail(userIdParam: string, email: string, invitation: unknown): Promise<UserRow> {
    const existing = await accounts.users.byEmail(email);
    if (existing) return existing;
    const id = resolveId('userId', userIdParam, deps.now());
    return invitations.admit(invitation, async () => {
      const now = new Date(deps.now());
      const created = await accounts.users.insert({ id, email: email.toLowerCase(), name: '', passwordHash: null, emailVerification: false, at: now });
      if (!created) throw accountErrors.alreadyExists();
      return created;
    });
  }

  routes.post('/v1/account/tokens/magic-url', async (c) => {
    const body = await readBody(c);
    const userIdParam = requireString(body, 'userId');
    resolveId('userId', userIdParam, deps.now());
    const email = emailParam(body);
    const urlParam = optionalString(body, 'url');
    const url = linkUrl(c, urlParam === undefined || urlParam === '' ? `${linkOrigin(c)}/` : urlParam);
    const phrase = optionalBoolean(body, 'phrase') ? securityPhrase() : '';
    await limit('emailToken', [`email:${email.toLowerCase()}`, ipKey(c)]);
    const user = await userForEmail(userIdParam, email, body.invitation);
    const token = await accounts.createToken({ userId: user.id, type: 'magic-url', secret: newSecret(), ttlMs: MAGIC_URL_TTL_MS });
    const link = mailedLink(url, {
      userId: user.id,
      secret: token.secret,
      expire: appwriteTime(token.expire),
      project: deps.config.APPWRITE_PROJECT_ID,
    });
    await mail(user.email!, { kind: 'magic-url', name: user.name, link, phrase });
    return c.json(tokenModel({ ...token, userId: user.id, phrase }), 201);
  });

  routes.post('/v1/account/tokens/email', async (c) => {
    const body = await readBody(c);
    const userIdParam = requireString(body, 'userId');
    resolveId('userId', userIdParam, deps.now());
    const email = emailParam(body);
    const phrase = optionalBoolean(body, 'phrase') ? securityPhrase() : '';
    await limit('emailToken', [`email:${email.toLowerCase()}`, ipKey(c)]);
    const user = await userForEmail(userIdParam, email, body.invitation);
    const token = await accounts.createToken({ userId: user.id, type: 'email', secret: newSixDigitCode, ttlMs: EMAIL_CODE_TTL_MS });
    await mail(user.email!, { kind: 'email-otp', name: user.name, code: token.secret, phrase });
    return c.json(tokenModel({ ...token, userId: user.id, phrase }), 201);
  });

  routes.post('/v1/account/tokens/phone', async (c) => {
    const body = await readBody(c);
    resolveId('userId', requireString(body, 'userId'), deps.now());
    phoneParam(body);
    throw accountErrors.phoneDisabled();
  });

  return routes;
}
