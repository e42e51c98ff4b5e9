import type { Caller } from '../../auth/caller.js';
import { AppwriteError } from '../../http/errors.js';

/**
 * An anonymous session's user: an account with neither email nor phone
 * (Appwrite's anonymous sessions). SPEC#roles-anonymous-visitor: such a visitor is not signed in,
 * so it may not use what needs sign-in (feedback, video requests).
 */
export const isAnonymousCaller = (caller: Caller): boolean =>
  caller.account !== null && !caller.account.email && !caller.account.phone;

/** 401 user_unauthorized for an anonymous session doing what needs an account, e.g. `request videos`. */
export const anonymousRefused = (what: string) =>
  new AppwriteError(401, 'user_unauthorized', `Sign in with an account to ${what}; anonymous sessions cannot.`);
