import { describe, expect, it } from 'vitest';
import { GUEST_ROLES, userRoles } from './roles.js';

describe('roles (backend-api.md §6)', () => {
  it('gives guests any + guests', () => {
    expect(GUEST_ROLES).toEqual(['any', 'guests']);
  });
  it('gives an unverified user the unverified pair', () => {
    expect(userRoles({ id: 'u1', emailVerification: false })).toEqual(['any', 'user:u1', 'users', 'user:u1/unverified', 'users/unverified']);
  });
  it('gives a verified user the verified pair and one role per label', () => {
    expect(userRoles({ id: 'u1', emailVerification: true, labels: ['admin'] })).toEqual([
      'any', 'user:u1', 'users', 'user:u1/verified', 'users/verified', 'label:admin',
    ]);
    expect(userRoles({ id: 'u2', emailVerification: false, phoneVerification: true })).toContain('users/verified');
  });
});
