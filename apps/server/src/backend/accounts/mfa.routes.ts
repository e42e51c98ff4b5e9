import { Hono, type Context } from 'hono';
import { requireUser, type BackendEnv } from '../auth/caller.js';
import { hashSecret, safeEqual } from '../auth/secrets.js';
import { invalidParam, readBody, requireString, uniqueId } from '../http/params.js';
import { accountEvent } from './account-events.js';
import { kitHelpers, type AccountKit } from './account-kit.js';
import { accountErrors } from './errors.js';
import {
  availableFactors,
  checkTotp,
  isRecentChallenge,
  newRecoveryCodes,
  newSixDigitCode,
  newTotp,
  parseFactor,
  type ChallengeFactor,
} from './mfa.js';
import { mfaStore } from './mfa.store.js';
import { appwriteTime, sessionModel, userModel } from './models.js';
import { sessionsStore } from './sessions.store.js';
import type { UserRow } from './users.store.js';
import { requireBoolean } from './validation.js';

/** Appwrite's challenge lifetime (TOKEN_EXPIRATION_CONFIRM): one hour. */
export const CHALLENGE_TTL_MS = 60 * 60_000;

/**
 * Multi-factor authentication (backend-api.md §3, Appwrite's MFA routes):
 * turning it on, the TOTP authenticator, challenges (TOTP, email code,
 * recovery code; phone answers general_phone_disabled) and recovery codes.
 * Wrong codes count towards a per-user guess limit.
 */
export function mfaRoutes(kit: AccountKit) {
  const { deps, accounts, events, log, guesses } = kit;
  const { limit, mail } = kitHelpers(kit);
  const store = mfaStore(deps.db);
  const sessionRows = sessionsStore(deps.db);
  const at = () => new Date(deps.now());
  const routes = new Hono<BackendEnv>();
  const publish = (userId: string, action: string, user: UserRow) =>
    events.publish(accountEvent(userId, null, action, userModel(user), appwriteTime(at())));

  const subject = async (user: UserRow) => {
    const authenticator = await store.authenticator(user.id);
    return {
      mfa: user.mfa,
      emailVerification: user.email_verification,
      phoneVerification: user.phone_verification,
      totp: authenticator?.verified ?? false,
      hasEmail: !!user.email,
      hasPhone: !!user.phone,
      recoveryCodes: user.mfa_recovery_codes.length,
    };
  };

  const authenticatorType = (c: Context) => {
    const type = c.req.param('type');
    if (type !== 'totp') throw invalidParam('type', 'Value must be one of (totp)');
    return type;
  };

  /** Deleting the authenticator and reading or renewing recovery codes need a challenge passed in the last 30 minutes. */
  async function recent(userId: string, sessionId: string) {
    const session = await sessionRows.getLive(sessionId, userId, at());
    if (!session || !isRecentChallenge(session.mfa_updated_at, deps.now())) throw accountErrors.challengeRequired();
  }

  /** Guesses per user: a TOTP or 6-digit code cannot be found by trying. */
  const guard = async (userId: string) => {
    const wait = await guesses.retryAfterMs(`mfa:${userId}`);
    if (wait > 0) throw accountErrors.rateLimited(wait);
  };

  routes.patch('/v1/account/mfa', async (c) => {
    const { userId, sessionId } = requireUser(c.var.caller);
    const mfa = requireBoolean(await readBody(c), 'mfa');
    const user = await accounts.update(userId, { mfa });
    if (mfa) {
      // The session that turns MFA on counts as having every factor the user has (Appwrite's rule).
      const s = await subject(user);
      const factors = [...(s.totp ? ['totp'] : []), ...(s.hasEmail && s.emailVerification ? ['email'] : []), ...(s.hasPhone && s.phoneVerification ? ['phone'] : [])];
      if (factors.length > 0) await sessionRows.addFactors(sessionId, factors, at(), false);
    }
    await log(c, userId, 'user.update.mfa');
    await publish(userId, 'update.mfa', user);
    return c.json(userModel(user));
  });

  routes.get('/v1/account/mfa/factors', async (c) => {
    const { userId } = requireUser(c.var.caller);
    return c.json(availableFactors(await subject(await accounts.get(userId))));
  });

  routes.post('/v1/account/mfa/authenticators/:type', async (c) => {
    const { userId } = requireUser(c.var.caller);
    const type = authenticatorType(c);
    await readBody(c);
    const user = await accounts.get(userId);
    if ((await store.authenticator(userId))?.verified) throw accountErrors.authenticatorAlreadyVerified();
    const { secret, uri } = newTotp(user.email || user.name || user.id);
    await store.putAuthenticator({ id: uniqueId(deps.now()), userId, type, secret, at: at() });
    await log(c, userId, 'mfa.authenticator.create');
    return c.json({ secret, uri });
  });

  routes.put('/v1/account/mfa/authenticators/:type', async (c) => {
    const { userId, sessionId } = requireUser(c.var.caller);
    authenticatorType(c);
    const otp = requireString(await readBody(c), 'otp');
    const authenticator = await store.authenticator(userId);
    if (!authenticator) throw accountErrors.authenticatorNotFound();
    if (authenticator.verified) throw accountErrors.authenticatorAlreadyVerified();
    await guard(userId);
    if (!checkTotp(authenticator.secret, otp, deps.now())) {
      await guesses.recordFailure(`mfa:${userId}`);
      throw accountErrors.invalidToken();
    }
    await guesses.reset(`mfa:${userId}`);
    await store.verifyAuthenticator(userId, at());
    await sessionRows.addFactors(sessionId, ['totp'], at(), false);
    const user = await accounts.get(userId);
    await log(c, userId, 'mfa.authenticator.verify');
    await publish(userId, 'update.mfa', user);
    return c.json(userModel(user));
  });

  routes.delete('/v1/account/mfa/authenticators/:type', async (c) => {
    const { userId, sessionId } = requireUser(c.var.caller);
    authenticatorType(c);
    await readBody(c);
    await recent(userId, sessionId);
    if (!(await store.deleteAuthenticator(userId))) throw accountErrors.authenticatorNotFound();
    await log(c, userId, 'mfa.authenticator.delete');
    return c.body(null, 204);
  });

  // Challenges: Appwrite's `/account/mfa/challenges` and the older `/account/mfa/challenge`.
  for (const path of ['/v1/account/mfa/challenges', '/v1/account/mfa/challenge']) {
    routes.post(path, async (c) => {
      const { userId } = requireUser(c.var.caller);
      const body = await readBody(c);
      const factor = parseFactor(requireString(body, 'factor'));
      if (!factor) throw invalidParam('factor', 'Value must be one of (email, phone, totp, recoverycode)');
      const user = await accounts.get(userId);
      let code = '';
      if (factor === 'phone') throw accountErrors.phoneDisabled();
      if (factor === 'email') {
        if (!user.email) throw accountErrors.emailNotFound();
        if (!user.email_verification) throw accountErrors.emailNotVerified();
        await limit('mfaEmail', [`user:${userId}`]);
        code = newSixDigitCode();
      }
      const now = deps.now();
      const challenge = await store.insertChallenge({
        id: uniqueId(now),
        userId,
        type: factor,
        codeHash: code ? hashSecret(code) : '',
        expire: new Date(now + CHALLENGE_TTL_MS),
        at: new Date(now),
      });
      if (factor === 'email') await mail(user.email!, { kind: 'mfa-challenge', name: user.name, code });
      await log(c, userId, 'challenge.create');
      return c.json(
        { $id: challenge.id, $createdAt: appwriteTime(challenge.created_at), userId, expire: appwriteTime(challenge.expire) },
        201,
      );
    });

    routes.put(path, async (c) => {
      const { userId, sessionId } = requireUser(c.var.caller);
      const body = await readBody(c);
      const challengeId = requireString(body, 'challengeId');
      const otp = requireString(body, 'otp');
      await guard(userId);
      const challenge = await store.challenge(challengeId, userId);
      if (!challenge || challenge.expire.getTime() <= deps.now()) throw accountErrors.invalidToken();
      const user = await accounts.get(userId);
      if (!(await passes(challenge.type as ChallengeFactor, user, challenge.code_hash, otp))) {
        await guesses.recordFailure(`mfa:${userId}`);
        throw accountErrors.invalidToken();
      }
      if (!(await store.spendChallenge(challenge.id))) throw accountErrors.invalidToken();
      await guesses.reset(`mfa:${userId}`);
      const session = await sessionRows.addFactors(sessionId, [challenge.type], at(), true);
      if (!session) throw accountErrors.sessionNotFound();
      await log(c, userId, 'challenge.update');
      return c.json(sessionModel(session, sessionId));
    });
  }

  async function passes(type: ChallengeFactor, user: UserRow, codeHash: string, otp: string): Promise<boolean> {
    switch (type) {
      case 'totp': {
        const a = await store.authenticator(user.id);
        return !!a?.verified && checkTotp(a.secret, otp, deps.now());
      }
      case 'email':
        return codeHash !== '' && safeEqual(hashSecret(otp), codeHash);
      case 'recoverycode':
        return accounts.users.spendRecoveryCode(user.id, otp, at());
      default:
        return false;
    }
  }

  // Recovery codes: six single-use codes; shown at creation, and again after a recent challenge.
  routes.get('/v1/account/mfa/recovery-codes', async (c) => {
    const { userId, sessionId } = requireUser(c.var.caller);
    await recent(userId, sessionId);
    const user = await accounts.users.byId(userId);
    if (!user || user.mfa_recovery_codes.length === 0) throw accountErrors.recoveryCodesNotFound();
    return c.json({ recoveryCodes: user.mfa_recovery_codes });
  });

  routes.post('/v1/account/mfa/recovery-codes', async (c) => {
    const { userId } = requireUser(c.var.caller);
    await readBody(c);
    const user = await accounts.get(userId);
    if (user.mfa_recovery_codes.length > 0) throw accountErrors.recoveryCodesAlreadyExist();
    const recoveryCodes = newRecoveryCodes();
    await accounts.update(userId, { recoveryCodes });
    await log(c, userId, 'mfa.recovery-codes.create');
    return c.json({ recoveryCodes }, 201);
  });

  routes.patch('/v1/account/mfa/recovery-codes', async (c) => {
    const { userId, sessionId } = requireUser(c.var.caller);
    await readBody(c);
    await recent(userId, sessionId);
    const user = await accounts.get(userId);
    if (user.mfa_recovery_codes.length === 0) throw accountErrors.recoveryCodesNotFound();
    const recoveryCodes = newRecoveryCodes();
    await accounts.update(userId, { recoveryCodes });
    await log(c, userId, 'mfa.recovery-codes.update');
    return c.json({ recoveryCodes });
  });

  return routes;
}
