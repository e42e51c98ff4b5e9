import { describe, expect, it } from 'vitest';
import { decodePassword, readCredentials, type AuthParams } from './auth-params.js';
import { SubsonicError } from './errors.js';

const none: AuthParams = { u: null, p: null, t: null, s: null, apiKey: null };
const codeOf = (q: Partial<AuthParams>) => {
  try {
    readCredentials({ ...none, ...q });
    return null;
  } catch (e) {
    if (e instanceof SubsonicError) return e.code;
    throw e;
  }
};

describe('subsonic auth parameters', () => {
  it('reads a password, plain or enc: hex', () => {
    expect(readCredentials({ ...none, u: 'a@b.c', p: 'sesame' })).toEqual({ kind: 'password', username: 'a@b.c', password: 'sesame' });
    expect(readCredentials({ ...none, u: 'a@b.c', p: 'enc:736573616d65' })).toEqual({ kind: 'password', username: 'a@b.c', password: 'sesame' });
    expect(decodePassword('enc:C3A9')).toBe('é');
    expect(decodePassword('enc:')).toBe('');
  });

  it('reads a token with its salt, lower-casing the hex', () => {
    expect(readCredentials({ ...none, u: 'a@b.c', t: 'ABCDEF', s: 'salt' })).toEqual({ kind: 'token', username: 'a@b.c', token: 'abcdef', salt: 'salt' });
  });

  it('reads an API key given alone', () => {
    expect(readCredentials({ ...none, apiKey: 'k' })).toEqual({ kind: 'apiKey', apiKey: 'k' });
  });

  it('answers each misuse with its code', () => {
    expect(codeOf({ apiKey: 'k', u: 'a' })).toBe(43);
    expect(codeOf({ apiKey: 'k', p: 'x' })).toBe(43);
    expect(codeOf({ apiKey: 'k', t: 'x', s: 'y' })).toBe(43);
    expect(codeOf({ u: 'a', p: 'x', t: 'y', s: 'z' })).toBe(43);
    expect(codeOf({ u: 'a', t: 'y' })).toBe(42);
    expect(codeOf({ u: 'a' })).toBe(10);
    expect(codeOf({ p: 'x' })).toBe(10);
    expect(codeOf({})).toBe(10);
    expect(codeOf({ u: 'a', p: 'enc:abc' })).toBe(40);
    expect(codeOf({ u: 'a', p: 'enc:zz' })).toBe(40);
  });

  it('treats empty parameters as absent', () => {
    expect(readCredentials({ u: 'a', p: 'x', t: '', s: '', apiKey: '' })).toMatchObject({ kind: 'password' });
  });
});
