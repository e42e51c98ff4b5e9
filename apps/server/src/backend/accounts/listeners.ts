import type { Caller } from '../auth/caller.js';

/**
 * Who may listen on a private server (ACCESS=private): a signed-in account
 * that is not anonymous. Anonymous is Appwrite's rule (`isAnonymousUser`): no
 * email and no phone, so an anonymous account that has since added an email
 * counts as a real one. Blocked users and sessions owing a second factor are
 * guests already (auth/caller.ts).
 */
export function mayListen(caller: Caller): boolean {
  const account = caller.account;
  return account !== null && (Boolean(account.email) || Boolean(account.phone));
}
