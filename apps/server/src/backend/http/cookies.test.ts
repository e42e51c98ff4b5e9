import { describe, expect, it } from 'vitest';
import { clearedSessionCookies, parseCookieHeader, sessionCookies } from './cookies.js';

describe('session cookies (backend-api.md §1)', () => {
  const expires = new Date('2027-01-02T03:04:05.678Z');

  it('keeps both SameSite=Lax for a page on the same site, so other sites cannot ride them', () => {
    expect(sessionCookies('proj1', 'QkxPQg==', expires, { hostname: 'music.example.com', secure: true, crossSite: false })).toEqual([
      'a_session_proj1_legacy=QkxPQg==; expires=Sat, 02 Jan 2027 03:04:05 GMT; path=/; domain=.music.example.com; secure; httponly; samesite=Lax',
      'a_session_proj1=QkxPQg==; expires=Sat, 02 Jan 2027 03:04:05 GMT; path=/; domain=.music.example.com; secure; httponly; samesite=Lax',
    ]);
  });

  it('scopes to .host over https with secure, legacy first (SameSite=Lax), main SameSite=None for a page on another site', () => {
    expect(sessionCookies('proj1', 'QkxPQg==', expires, { hostname: 'api.example.com', secure: true, crossSite: true })).toEqual([
      'a_session_proj1_legacy=QkxPQg==; expires=Sat, 02 Jan 2027 03:04:05 GMT; path=/; domain=.api.example.com; secure; httponly; samesite=Lax',
      'a_session_proj1=QkxPQg==; expires=Sat, 02 Jan 2027 03:04:05 GMT; path=/; domain=.api.example.com; secure; httponly; samesite=None',
    ]);
  });

  it.each(['localhost', '127.0.0.1', '[::1]', '192.168.0.4'])('omits the domain on %s', (hostname) => {
    for (const c of sessionCookies('p', 'v', expires, { hostname, secure: false })) {
      expect(c).not.toContain('domain=');
      expect(c).not.toContain('secure');
    }
  });

  it('clears both with an empty value expired an hour ago', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(clearedSessionCookies('p', now, { hostname: 'localhost', secure: false, crossSite: true })).toEqual([
      'a_session_p_legacy=; expires=Mon, 01 Jun 2026 11:00:00 GMT; path=/; httponly; samesite=Lax',
      'a_session_p=; expires=Mon, 01 Jun 2026 11:00:00 GMT; path=/; httponly; samesite=None',
    ]);
  });

  it('parses a Cookie header, first occurrence winning', () => {
    const c = parseCookieHeader('a=1; b="two"; a=3; junk; =x; c=with=equals==');
    expect([...c]).toEqual([
      ['a', '1'],
      ['b', 'two'],
      ['c', 'with=equals=='],
    ]);
    expect(parseCookieHeader(undefined).size).toBe(0);
  });
});
