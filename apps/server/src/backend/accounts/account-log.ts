import type { Context } from 'hono';
import type { Deps } from '../../module.js';
import { uniqueId } from '../http/params.js';
import { clientIp, userAgent } from '../http/request-info.js';
import { logsStore } from './logs.store.js';

/**
 * Events kept in a user's log (GET /account/logs), named like Appwrite's audit
 * events; `user.update.*` say what changed.
 */
export type AccountLogEvent =
  | 'user.create'
  | 'session.create'
  | 'session.delete'
  | 'session.update'
  | 'user.update.email'
  | 'user.update.phone'
  | 'user.update.password'
  | 'user.update.status'
  | 'user.update.labels'
  | 'user.update.mfa'
  | 'mfa.authenticator.create'
  | 'mfa.authenticator.verify'
  | 'mfa.authenticator.delete'
  | 'mfa.recovery-codes.create'
  | 'mfa.recovery-codes.update'
  | 'challenge.create'
  | 'challenge.update'
  | 'recovery.create'
  | 'recovery.update'
  | 'verification.create'
  | 'verification.update'
  | 'identity.delete'
  | 'target.create'
  | 'target.update'
  | 'target.delete';

export type AccountLog = (c: Context, userId: string, event: AccountLogEvent) => Promise<void>;

/** Writes a log entry with the request's time, client address and User-Agent. */
export function createAccountLog(deps: Deps): AccountLog {
  const logs = logsStore(deps.db);
  return async (c, userId, event) => {
    const now = deps.now();
    await logs.insert({ id: uniqueId(now), userId, event, ip: clientIp(c, deps.config), userAgent: userAgent(c), at: new Date(now) });
  };
}
