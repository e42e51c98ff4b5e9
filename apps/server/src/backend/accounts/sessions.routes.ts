import { Hono, type Context } from 'hono';
import type { Deps } from '../../module.js';
import { requireUser, type BackendEnv } from '../auth/caller.js';
import type { CreationLimits } from '../auth/creation-limits.js';
import { readBody, requireString } from '../http/params.js';
import { clientIp, userAgent } from '../http/request-info.js';
import type { EventBus } from '../realtime/event-bus.js';
import { sessionsEndedEvent } from '../realtime/session-end.js';
import { accountEvent } from './account-events.js';
import type { Accounts } from './accounts.js';
import { accountErrors } from './errors.js';
import { refuseUninvited } from './invitations.js';
import { appwriteTime, sessionModel } from './models.js';
import { clearSessionCookies, setSessionCookies } from './session-cookies.js';
import type { IssuedSession, Sessions } from './sessions.js';
import { emailParam } from './validation.js';
import type { AccountLog } from './account-log.js';
import type { GuessLimiter } from '../auth/account-limits.js';
import { SESSION_TOKEN_TYPES, type TokenRow } from './tokens.store.js';

/** The shape of an emailed sign-in code (`POST /account/tokens/email`). */
const EMAIL_CODE = /^\d{6}$/;

interface Ctx {
  accounts: Accounts;
  sessions: Sessions;
  events: EventBus;
  limits: CreationLimits;
  log: AccountLog;
  guesses: GuessLimiter;
}

/** What a spent token makes of the session (Appwrite's provider and factor per token type). */
export function tokenSessionOrigin(token: TokenRow) {
  switch (token.type) {
    case 'oauth2':
      return { provider: token.provider, providerUid: token.provider_uid, factors: ['email', 'oauth2'] };
    case 'magic-url':
      return { provider: 'magic-url', factors: ['email'] };
    case 'email':
      return { provider: 'token', factors: ['email'] };
    default:
      return { provider: 'token', factors: ['token'] };
  }
}

/**
 * Session creation (email/password, anonymous, token) and the session list
 * (backend-api.md §3). Creating a session while signed in is 401
 * user_session_already_exists; success sets the cookies and answers 201.
 */
export function sessionRoutes(deps: Deps, { accounts, sessions, events, limits, log, guesses }: Ctx) {
  const project = deps.config.APPWRITE_PROJECT_ID;
  const routes = new Hono<BackendEnv>();
  const client = (c: Context) => ({ ip: clientIp(c, deps.config), userAgent: userAgent(c) });
  const now = () => appwriteTime(new Date(deps.now()));

  const respond = async (c: Context<BackendEnv>, issued: IssuedSession) => {
    await log(c, issued.session.user_id, 'session.create');
    setSessionCookies(c, deps.config, issued);
    const model = sessionModel(issued.session, issued.session.id);
    await events.publish(accountEvent(issued.session.user_id, ['sessions', model.$id], 'create', model, now()));
    return c.json(model, 201);
  };
  const refuseIfSignedIn = (c: Context<BackendEnv>) => {
    if (c.var.caller.userId !== null) throw accountErrors.sessionAlreadyExists();
  };

  routes.post('/v1/account/sessions/email', async (c) => {
    const body = await readBody(c);
    const email = emailParam(body);
    const password = requireString(body, 'password');
    refuseIfSignedIn(c);
    const user = await accounts.checkPassword(email, password, clientIp(c, deps.config));
    return respond(c, await sessions.issue(user.id, { provider: 'email', factors: ['password'] }, client(c)));
  });

  routes.post('/v1/account/sessions/anonymous', async (c) => {
    await readBody(c);
    refuseIfSignedIn(c);
    // A private server has no listener without an account; closed sign-ups make no account either.
    if (deps.config.ACCESS === 'private') throw accountErrors.anonymousDisabled();
    refuseUninvited(deps.config);
    const wait = await limits.take('anonymousSession', clientIp(c, deps.config));
    if (wait > 0) throw accountErrors.rateLimited(wait);
    const user = await accounts.createAnonymous();
    return respond(c, await sessions.issue(user.id, { provider: 'anonymous', factors: ['anonymous'] }, client(c)));
  });

  /**
   * A token (OAuth2, magic URL, email code, generic) for a session: POST
   * /sessions/token, and PUT /sessions/magic-url which Appwrite serves the same
   * way. Wrong secrets are limited per (address, user), and guesses at an
   * email code (6 digits) per user too, as MFA codes are: a new address gives
   * no new guesses. Only code-shaped secrets count per user, so wrong guesses
   * cannot hold up the user's OAuth or magic-URL sign-in (secrets of 43
   * characters). Magic URLs and email codes prove the email: it counts as verified.
   */
  const fromToken = async (c: Context<BackendEnv>) => {
    const body = await readBody(c);
    const userId = requireString(body, 'userId');
    const secret = requireString(body, 'secret');
    refuseIfSignedIn(c);
    const keys = [`token:${clientIp(c, deps.config)}:${userId}`, ...(EMAIL_CODE.test(secret) ? [`email-code:${userId}`] : [])];
    const wait = Math.max(...(await Promise.all(keys.map((k) => guesses.retryAfterMs(k)))));
    if (wait > 0) throw accountErrors.rateLimited(wait);
    let spent: Awaited<ReturnType<Accounts['redeemToken']>>;
    try {
      spent = await accounts.redeemToken(userId, secret, SESSION_TOKEN_TYPES);
    } catch (err) {
      for (const k of keys) await guesses.recordFailure(k);
      throw err;
    }
    for (const k of keys) await guesses.reset(k);
    const { token, user } = spent;
    if ((token.type === 'magic-url' || token.type === 'email') && !user.email_verification) {
      await accounts.update(userId, { emailVerification: true });
    }
    return respond(c, await sessions.issue(userId, tokenSessionOrigin(token), client(c)));
  };
  routes.post('/v1/account/sessions/token', fromToken);
  routes.put('/v1/account/sessions/magic-url', fromToken);

  /** No SMS provider exists on this server: Appwrite's "not configured" answer, after the usual checks. */
  routes.put('/v1/account/sessions/phone', async (c) => {
    const body = await readBody(c);
    requireString(body, 'userId');
    requireString(body, 'secret');
    refuseIfSignedIn(c);
    throw accountErrors.phoneDisabled();
  });

  routes.get('/v1/account/sessions', async (c) => {
    const { userId, sessionId } = requireUser(c.var.caller);
    const list = (await sessions.list(userId)).map((s) => sessionModel(s, sessionId));
    return c.json({ total: list.length, sessions: list });
  });

  routes.delete('/v1/account/sessions', async (c) => {
    const { userId } = requireUser(c.var.caller);
    await readBody(c);
    await sessions.deleteAll(userId);
    await log(c, userId, 'session.delete');
    await events.publish(sessionsEndedEvent({ userId, sessionIds: null }, now()));
    clearSessionCookies(c, deps.config, deps.now());
    return c.body(null, 204);
  });

  /** `current` names the session that authenticated the request. */
  const target = (c: Context<BackendEnv>) => {
    const caller = requireUser(c.var.caller);
    const id = c.req.param('sessionId') ?? '';
    return { ...caller, id: id === 'current' ? caller.sessionId : id };
  };

  routes.get('/v1/account/sessions/:sessionId', async (c) => {
    const { userId, sessionId, id } = target(c);
    return c.json(sessionModel(await sessions.get(userId, id), sessionId));
  });

  routes.patch('/v1/account/sessions/:sessionId', async (c) => {
    const { userId, sessionId, id } = target(c);
    await readBody(c);
    const model = sessionModel(await sessions.extend(userId, id), sessionId);
    await log(c, userId, 'session.update');
    return c.json(model);
  });

  routes.delete('/v1/account/sessions/:sessionId', async (c) => {
    const { userId, sessionId, id } = target(c);
    await readBody(c);
    const model = sessionModel(await sessions.get(userId, id), sessionId);
    await sessions.delete(userId, id);
    await log(c, userId, 'session.delete');
    if (id === sessionId) clearSessionCookies(c, deps.config, deps.now());
    await events.publish(accountEvent(userId, ['sessions', id], 'delete', model, now()));
    await events.publish(sessionsEndedEvent({ userId, sessionIds: [id] }, now()));
    return c.body(null, 204);
  });

  return routes;
}
