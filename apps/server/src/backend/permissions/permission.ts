/**
 * Appwrite permission strings: `<action>("<role>")` (backend-api.md §6).
 * Pure parsing and formatting; who may do what lives in authorization.ts.
 */
export const ACTIONS = ['read', 'create', 'update', 'delete', 'write'] as const;
export type Action = (typeof ACTIONS)[number];
/** The actions a stored permission can grant once `write` is expanded. */
export type StoredAction = Exclude<Action, 'write'>;

export interface Permission {
  action: Action;
  role: string;
}

export class PermissionSyntaxError extends Error {}

const PERMISSION = /^(read|create|update|delete|write)\("([^"]+)"\)$/;
const ID = '[A-Za-z0-9][A-Za-z0-9._-]{0,35}';
const DIMENSION = '(?:verified|unverified)';
/**
 * Every role form Appwrite knows: any, guests, users[/verified|unverified],
 * user:<id>[/verified|unverified], team:<id>[/<teamRole>], member:<id>, label:<label>.
 */
const ROLE = new RegExp(
  `^(?:any|guests|users(?:/${DIMENSION})?|user:${ID}(?:/${DIMENSION})?|team:${ID}(?:/[A-Za-z0-9._-]{1,36})?|member:${ID}|label:[A-Za-z0-9]{1,36})$`,
);

export const isValidRole = (role: string): boolean => ROLE.test(role);

/** Parses `read("user:u1")`; throws PermissionSyntaxError with a message fit for a client. */
export function parsePermission(text: string): Permission {
  const m = PERMISSION.exec(text);
  if (!m) {
    throw new PermissionSyntaxError(
      `Permission "${text}" is not valid. Expected action("role") with action one of: ${ACTIONS.join(', ')}.`,
    );
  }
  const role = m[2]!;
  if (!isValidRole(role)) throw new PermissionSyntaxError(`Role "${role}" is not valid.`);
  return { action: m[1] as Action, role };
}

export const formatPermission = (p: { action: Action; role: string }): string => `${p.action}("${p.role}")`;

/**
 * Expands `write` into the actions it stands for and drops duplicates, keeping
 * first-seen order. Documents: update + delete; collections: create + update + delete.
 */
export function aggregatePermissions(perms: readonly Permission[], kind: 'document' | 'collection'): string[] {
  const writeMeans: StoredAction[] = kind === 'document' ? ['update', 'delete'] : ['create', 'update', 'delete'];
  const out = new Set<string>();
  for (const p of perms) {
    const actions = p.action === 'write' ? writeMeans : [p.action];
    for (const action of actions) out.add(formatPermission({ action, role: p.role }));
  }
  return [...out];
}

/** The roles that a list of (stored or declared) permission strings grants `action` to. */
export function rolesGranted(perms: readonly string[], action: StoredAction): string[] {
  const roles: string[] = [];
  for (const text of perms) {
    const m = PERMISSION.exec(text);
    if (!m) continue;
    const granted = m[1] === action || (m[1] === 'write' && action !== 'read');
    if (granted && !roles.includes(m[2]!)) roles.push(m[2]!);
  }
  return roles;
}

/** The permission strings a caller holding `roles` would match for `action`, for SQL `&&` filters. */
export const permissionsFor = (action: StoredAction, roles: readonly string[]): string[] =>
  roles.map((role) => formatPermission({ action, role }));
