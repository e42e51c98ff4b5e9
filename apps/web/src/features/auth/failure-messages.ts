import { describeFailure } from '../../shared/lib/backend.js';

/** What a refused mail link says: used or expired (401), else the backend's own message. */
export function linkFailureMessage(e: unknown, askAgain: string): string {
  const f = describeFailure(e);
  if (f.code === 401 || f.type === 'user_invalid_token') return `This link has expired or was already used. ${askAgain}`;
  return f.message || 'Something went wrong';
}

/** What a refused two-factor code says: wrong or used (401), else the backend's own message. */
export function codeFailureMessage(e: unknown): string {
  const f = describeFailure(e);
  if (f.code === 401 || f.type === 'user_invalid_token') return "That code didn't work. Check it and try again.";
  return f.message || "Couldn't check the code";
}

/** The password was right but the account has two-factor on: the session is limited until a challenge is completed. */
export const isMoreFactorsRequired = (e: unknown): boolean => describeFailure(e).type === 'user_more_factors_required';
