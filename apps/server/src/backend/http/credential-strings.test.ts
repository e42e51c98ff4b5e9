import { describe, expect, it } from 'vitest';
import { LONE_SURROGATE, NUL_CHARACTER } from '../../http/input-hygiene.js';
import { encodeSessionBlob } from '../auth/session-blob.js';
import { credentialProblem } from './credential-strings.js';

const nulBlob = encodeSessionBlob({ userId: 'u\0', secret: 's' });

describe('session credentials the session store cannot look up', () => {
  it('finds nothing wrong with ordinary, missing or undecodable credentials', () => {
    const good = encodeSessionBlob({ userId: 'u1', secret: 'secret' });
    expect(credentialProblem(new Headers())).toBeNull();
    expect(credentialProblem(new Headers({ cookie: `a_session_lyra=${good}; other=x`, 'x-appwrite-session': good }))).toBeNull();
    expect(credentialProblem(new Headers({ cookie: 'a_session_lyra=%%%', 'x-fallback-cookies': '[]' }))).toBeNull();
    expect(credentialProblem(new Headers({ 'x-fallback-cookies': 'not json' }))).toBeNull();
  });

  it('reports a NUL in the user id or secret, wherever the credential comes from', () => {
    const expected = { param: 'session', message: NUL_CHARACTER };
    expect(credentialProblem(new Headers({ cookie: `a_session_lyra=${nulBlob}` }))).toEqual(expected);
    expect(credentialProblem(new Headers({ cookie: `a_session_lyra_legacy=${encodeSessionBlob({ userId: 'u', secret: '\0' })}` }))).toEqual(expected);
    expect(credentialProblem(new Headers({ 'x-appwrite-session': nulBlob }))).toEqual(expected);
    expect(credentialProblem(new Headers({ 'x-fallback-cookies': JSON.stringify({ a_session_lyra: nulBlob }) }))).toEqual(expected);
  });

  it('reports an unpaired surrogate escaped in the credential', () => {
    const blob = Buffer.from('{"id":"\\ud800","secret":"s"}').toString('base64');
    expect(credentialProblem(new Headers({ 'x-appwrite-session': blob }))).toEqual({ param: 'session', message: LONE_SURROGATE });
  });

  it('ignores cookies that are not session cookies', () => {
    expect(credentialProblem(new Headers({ cookie: `theme=${nulBlob}` }))).toBeNull();
  });
});
