import { AppwriteError } from '../http/errors.js';
import type { Collection } from '../schema/appwrite-schema.js';
import {
  aggregatePermissions,
  parsePermission,
  PermissionSyntaxError,
  rolesGranted,
  type Permission,
  type StoredAction,
} from './permission.js';

/**
 * Who may do what with a collection's documents (backend-api.md §6):
 * collection permissions always count; with documentSecurity the document's
 * own `$permissions` count too (union).
 */
const holdsAny = (granted: readonly string[], roles: readonly string[]) => granted.some((r) => roles.includes(r));

export const collectionAllows = (collection: Collection, action: StoredAction, roles: readonly string[]): boolean =>
  holdsAny(rolesGranted(collection.$permissions, action), roles);

export function documentAllows(
  collection: Collection,
  documentPermissions: readonly string[],
  action: Exclude<StoredAction, 'create'>,
  roles: readonly string[],
): boolean {
  if (collectionAllows(collection, action, roles)) return true;
  return collection.documentSecurity && holdsAny(rolesGranted(documentPermissions, action), roles);
}

/**
 * How a list must be filtered for a caller: 'all' when the collection grants
 * read, 'documents' when only document permissions can grant it. Without
 * either, listing is refused (401), as Appwrite does.
 */
export function readScope(collection: Collection, roles: readonly string[]): 'all' | 'documents' {
  if (collectionAllows(collection, 'read', roles)) return 'all';
  if (collection.documentSecurity) return 'documents';
  throw unauthorized();
}

/** Roles that may read a document: who realtime may deliver its events to. */
export function readRoles(collection: Collection, documentPermissions: readonly string[]): string[] {
  const roles = rolesGranted(collection.$permissions, 'read');
  if (collection.documentSecurity) {
    for (const r of rolesGranted(documentPermissions, 'read')) if (!roles.includes(r)) roles.push(r);
  }
  return roles;
}

export const unauthorized = (message = 'The current user is not authorized to perform the requested action.') =>
  new AppwriteError(401, 'user_unauthorized', message);

/** Document permissions may grant these (create belongs to collections). */
const DOCUMENT_ACTIONS = ['read', 'update', 'delete', 'write'];

/**
 * The `$permissions` a new or updated document gets (backend-api.md §4,
 * "Permission defaults on create"): omitted on create = the creator gets
 * read/update/delete; given = each must be well formed, a document action,
 * and name a role the caller holds, so nobody can grant access to others.
 */
export function resolveDocumentPermissions(
  requested: unknown,
  caller: { userId: string | null; roles: readonly string[] },
): string[] {
  if (requested === undefined || requested === null) {
    if (!caller.userId) return [];
    const role = `user:${caller.userId}`;
    return [`read("${role}")`, `update("${role}")`, `delete("${role}")`];
  }
  if (!Array.isArray(requested) || requested.some((p) => typeof p !== 'string')) {
    throw new AppwriteError(400, 'general_argument_invalid', 'Invalid `permissions` param: Value must be an array of permission strings.');
  }
  if (requested.length > 100) {
    throw new AppwriteError(400, 'general_argument_invalid', 'Invalid `permissions` param: At most 100 permissions are allowed.');
  }
  const parsed: Permission[] = [];
  for (const text of requested as string[]) {
    let p: Permission;
    try {
      p = parsePermission(text);
    } catch (e) {
      if (e instanceof PermissionSyntaxError) throw new AppwriteError(400, 'general_argument_invalid', `Invalid \`permissions\` param: ${e.message}`);
      throw e;
    }
    if (!DOCUMENT_ACTIONS.includes(p.action)) {
      throw new AppwriteError(
        400,
        'general_argument_invalid',
        `Invalid \`permissions\` param: Permission "${p.action}" is not allowed on documents. Must be one of: ${DOCUMENT_ACTIONS.join(', ')}.`,
      );
    }
    if (!caller.roles.includes(p.role)) {
      throw unauthorized(`Permissions must be one of: (${caller.roles.join(', ')})`);
    }
    parsed.push(p);
  }
  return aggregatePermissions(parsed, 'document');
}
