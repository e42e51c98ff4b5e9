import { describe, expect, it } from 'vitest';
import { accountEvent, userEventNames } from './account-events.js';

describe('account events', () => {
  it('names a session event concretely first, then with wildcards and prefixes', () => {
    expect(userEventNames('u1', ['sessions', 's1'], 'create')).toEqual([
      'users.u1.sessions.s1.create',
      'users.*.sessions.*.create',
      'users.u1.sessions.*.create',
      'users.*.sessions.s1.create',
      'users.u1.sessions.s1',
      'users.*.sessions.*',
      'users.u1.sessions.*',
      'users.*.sessions.s1',
      'users.u1',
      'users.*',
    ]);
  });

  it('names a profile update', () => {
    expect(userEventNames('u1', null, 'update.prefs')).toEqual([
      'users.u1.update.prefs',
      'users.*.update.prefs',
      'users.u1',
      'users.*',
    ]);
  });

  it('reaches only the user, on the account channels', () => {
    const e = accountEvent('u1', null, 'update.name', { $id: 'u1' }, 't');
    expect(e.channels).toEqual(['account', 'account.u1']);
    expect(e.roles).toEqual(['user:u1']);
  });
});
