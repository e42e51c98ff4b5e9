import { AppwriteError } from '../http/errors.js';
import type { Caller } from './caller.js';
import { missingScope } from './caller.js';

/**
 * Administrators (backend-api.md §11) are accounts whose labels hold `admin`:
 * the first account with an email on a fresh server (users.store.ts claims
 * it), and those named with `npm run admin -- users promote <email>` or on the
 * admin page. The label also gives them the `label:admin` role. Labels are
 * written only by the server, so no client can make itself one; every admin
 * call checks the caller's account as the request's session reads it from the
 * database, so a demoted or blocked administrator loses the right at once.
 */
export const ADMIN_LABEL = 'admin';

export const isAdminLabels = (labels: readonly string[] | null | undefined): boolean => (labels ?? []).includes(ADMIN_LABEL);

/** Whether this caller is a signed-in administrator. */
export function isAdmin(caller: Caller): boolean {
  const labels = caller.account?.labels;
  return caller.userId !== null && Array.isArray(labels) && isAdminLabels(labels as string[]);
}

export const notAdmin = () => new AppwriteError(403, 'user_unauthorized', 'Only an administrator of this server can do this.');

/** The caller of an admin route: guests get 401 general_unauthorized_scope, other accounts 403 user_unauthorized. */
export function requireAdmin(caller: Caller): Caller & { userId: string; sessionId: string } {
  if (caller.userId === null || caller.sessionId === null) throw missingScope('admin');
  if (!isAdmin(caller)) throw notAdmin();
  return caller as Caller & { userId: string; sessionId: string };
}
