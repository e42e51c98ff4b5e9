import { describe, expect, it } from 'vitest';
import { CookieJar, siteOf } from './cookie-jar.js';

const same = { crossSite: false };
const cross = { crossSite: true };

describe('test cookie jar (what a browser keeps and sends)', () => {
  it('refuses SameSite=None without Secure, keeps the legacy twin (backend-api.md §1)', () => {
    const jar = new CookieJar();
    const url = new URL('http://localhost:8080/v1/account/sessions/email');
    expect(jar.setCookie('a_session_p=v; expires=Fri, 01 Jan 2100 00:00:00 GMT; path=/; httponly; samesite=None', url, same)).toBe(false);
    expect(jar.setCookie('a_session_p_legacy=v; expires=Fri, 01 Jan 2100 00:00:00 GMT; path=/; httponly', url, same)).toBe(true);
    expect(jar.cookieHeader(new URL('http://localhost:8080/v1/account'), same)).toBe('a_session_p_legacy=v');
  });

  it('sends host-only cookies to that host only and domain cookies to subdomains', () => {
    const jar = new CookieJar();
    jar.setCookie('h=1; path=/', new URL('https://api.example.com/'), same);
    jar.setCookie('d=2; path=/; domain=.example.com', new URL('https://api.example.com/'), same);
    expect(jar.cookieHeader(new URL('https://api.example.com/x'), same)).toBe('h=1; d=2');
    expect(jar.cookieHeader(new URL('https://www.example.com/x'), same)).toBe('d=2');
    expect(jar.setCookie('e=3; domain=other.com', new URL('https://api.example.com/'), same)).toBe(false);
  });

  it('honours path, expiry, Max-Age and deletion', () => {
    let now = 1_000_000;
    const jar = new CookieJar(true, () => now);
    const url = new URL('http://localhost/v1/cb');
    jar.setCookie('a=1; Max-Age=10; Path=/v1/cb', url, same);
    expect(jar.cookieHeader(new URL('http://localhost/v1/cb/x'), same)).toBe('a=1');
    expect(jar.cookieHeader(new URL('http://localhost/v1/cbx'), same)).toBe('');
    now += 11_000;
    expect(jar.all()).toEqual([]);
    jar.setCookie('b=1; path=/', url, same);
    jar.setCookie('b=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT', url, same);
    expect(jar.all()).toEqual([]);
  });

  it('applies SameSite to cross-site requests and third-party blocking', () => {
    const url = new URL('https://api.example.net/v1');
    const jar = new CookieJar();
    jar.setCookie('lax=1; path=/; secure', url, same);
    jar.setCookie('none=1; path=/; secure; samesite=None', url, same);
    expect(jar.cookieHeader(url, cross)).toBe('none=1');
    expect(jar.cookieHeader(url, { crossSite: true, navigation: true })).toBe('lax=1; none=1');
    expect(jar.setCookie('lax2=1; secure', url, cross)).toBe(false);
    expect(jar.setCookie('none2=1; secure; samesite=None', url, cross)).toBe(true);

    const strict = new CookieJar(false);
    strict.setCookie('none=1; path=/; secure; samesite=None', url, same);
    expect(strict.cookieHeader(url, cross)).toBe('');
    expect(strict.setCookie('none2=1; secure; samesite=None', url, cross)).toBe(false);
  });

  it('never sends Secure cookies over plain http off loopback', () => {
    const jar = new CookieJar();
    expect(jar.setCookie('s=1; secure', new URL('http://example.com/'), same)).toBe(false);
    jar.setCookie('s=1; secure; path=/', new URL('https://example.com/'), same);
    expect(jar.cookieHeader(new URL('http://example.com/'), same)).toBe('');
  });

  it('compares sites by scheme and registrable domain', () => {
    expect(siteOf(new URL('https://a.example.com:1/'))).toBe(siteOf(new URL('https://b.example.com/')));
    expect(siteOf(new URL('http://example.com/'))).not.toBe(siteOf(new URL('https://example.com/')));
    expect(siteOf(new URL('http://localhost:5173/'))).toBe(siteOf(new URL('http://localhost:8080/')));
    expect(siteOf(new URL('http://127.0.0.1/'))).not.toBe(siteOf(new URL('http://localhost/')));
  });
});
