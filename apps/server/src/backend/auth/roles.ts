/** The roles a request holds (backend-api.md §6). */
export const GUEST_ROLES: readonly string[] = ['any', 'guests'];

export interface RoleSubject {
  id: string;
  emailVerification: boolean;
  phoneVerification?: boolean;
  labels?: readonly string[];
}

/**
 * A signed-in user (anonymous ones too): `any`, `user:<id>`, `users`, the
 * verified/unverified pair (verified when email or phone is), and `label:<l>`
 * per label. Teams do not exist on this server.
 */
export function userRoles(u: RoleSubject): string[] {
  const state = u.emailVerification || u.phoneVerification ? 'verified' : 'unverified';
  return [
    'any',
    `user:${u.id}`,
    'users',
    `user:${u.id}/${state}`,
    `users/${state}`,
    ...(u.labels ?? []).map((l) => `label:${l}`),
  ];
}
