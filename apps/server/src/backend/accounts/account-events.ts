import type { BackendEvent } from '../realtime/event-bus.js';

/**
 * Appwrite's event names for a user resource: the concrete name first, then
 * every wildcard combination, then the shorter prefixes (backend-api.md §7),
 * e.g. users.u1.sessions.s1.create, users.*.sessions.*.create,
 * users.u1.sessions.*.create, users.*.sessions.s1.create, users.u1.sessions.s1, ..., users.u1, users.*.
 */
export function userEventNames(userId: string, resource: [string, string] | null, action: string): string[] {
  const users = [userId, '*'];
  const names: string[] = [];
  const push = (suffix: string) => {
    if (resource) {
      const [kind, id] = resource;
      for (const [u, r] of [[userId, id], ['*', '*'], [userId, '*'], ['*', id]] as const) {
        names.push(`users.${u}.${kind}.${r}${suffix}`);
      }
    } else {
      for (const u of users) names.push(`users.${u}${suffix}`);
    }
  };
  push(`.${action}`);
  if (resource) push('');
  for (const u of users) names.push(`users.${u}`);
  return [...new Set(names)];
}

/** An event about one user, visible only to that user on `account` and `account.<id>`. */
export function accountEvent(
  userId: string,
  resource: [string, string] | null,
  action: string,
  payload: Record<string, unknown>,
  timestamp: string,
): BackendEvent {
  return {
    events: userEventNames(userId, resource, action),
    channels: ['account', `account.${userId}`],
    roles: [`user:${userId}`],
    payload,
    timestamp,
  };
}
