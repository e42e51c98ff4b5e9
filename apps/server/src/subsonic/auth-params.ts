import { CODE, SubsonicError, missing } from './errors.js';

/** How a request says who it is (Subsonic auth parameters, OpenSubsonic `apiKeyAuthentication`). */
export type Credentials =
  | { kind: 'password'; username: string; password: string }
  | { kind: 'token'; username: string; token: string; salt: string }
  | { kind: 'apiKey'; apiKey: string };

export interface AuthParams {
  u: string | null;
  p: string | null;
  t: string | null;
  s: string | null;
  apiKey: string | null;
}

const given = (v: string | null): v is string => v != null && v !== '';

/**
 * Reads the auth parameters; throws the protocol's error for each misuse:
 * 43 when an API key comes with a user name, password or token, or a password
 * with a token; 42 for a token without its salt; 10 when nothing identifies
 * the caller; 40 for an `enc:` password that is not hex.
 */
export function readCredentials(q: AuthParams): Credentials {
  if (given(q.apiKey)) {
    if (given(q.u) || given(q.p) || given(q.t) || given(q.s)) {
      throw new SubsonicError(CODE.conflictingMechanisms, 'Multiple conflicting authentication mechanisms provided');
    }
    return { kind: 'apiKey', apiKey: q.apiKey };
  }
  if (given(q.p) && given(q.t)) {
    throw new SubsonicError(CODE.conflictingMechanisms, 'Multiple conflicting authentication mechanisms provided');
  }
  if (!given(q.u)) throw missing('u');
  if (given(q.t)) {
    if (!given(q.s)) throw new SubsonicError(CODE.mechanismNotSupported, 'Token authentication needs both t and s');
    return { kind: 'token', username: q.u, token: q.t.toLowerCase(), salt: q.s };
  }
  if (given(q.p)) return { kind: 'password', username: q.u, password: decodePassword(q.p) };
  throw missing('p');
}

/** `enc:` + hex of the UTF-8 bytes, or the password as sent. */
export function decodePassword(p: string): string {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new SubsonicError(CODE.wrongCredentials, 'Wrong username or password');
  }
  return Buffer.from(hex, 'hex').toString('utf8');
}
