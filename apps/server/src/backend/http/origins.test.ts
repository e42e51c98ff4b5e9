import { describe, expect, it } from 'vitest';
import { createOriginPolicy, isCrossSite, isLoopbackHost, needsFallbackCookies, originOf, registrableDomain } from './origins.js';

describe('origins', () => {
  it.each([
    ['localhost', true], ['app.localhost', true], ['127.0.0.1', true], ['127.8.9.1', true], ['::1', true], ['[::1]', true],
    ['10.0.0.1', false], ['example.com', false], ['localhost.example.com', false],
  ])('isLoopbackHost(%s) = %s', (host, yes) => {
    expect(isLoopbackHost(host)).toBe(yes);
  });

  it.each([
    ['api.example.com', 'example.com'],
    ['example.com', 'example.com'],
    ['a.b.example.co.uk', 'example.co.uk'],
    ['music.example.com.au', 'example.com.au'],
    ['localhost', ''],
    ['192.168.1.10', ''],
    ['[::1]', ''],
    ['intranet', ''],
  ])('registrableDomain(%s) = %j', (host, domain) => {
    expect(registrableDomain(host)).toBe(domain);
  });

  it('reads origins of http(s) URLs only', () => {
    expect(originOf('https://a.example/x?y')).toBe('https://a.example');
    expect(originOf('null')).toBeNull();
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });

  describe('fallback cookies (backend-api.md §1)', () => {
    it('are sent when the page is on another site, on localhost or an IP, or unknown', () => {
      expect(needsFallbackCookies('https://app.example.com', 'api.other.com')).toBe(true);
      expect(needsFallbackCookies('http://localhost:5173', 'localhost')).toBe(true);
      expect(needsFallbackCookies('http://192.168.1.2:8080', '192.168.1.2')).toBe(true);
      expect(needsFallbackCookies(null, 'api.example.com')).toBe(true);
    });
    it('are not sent when page and API share a registrable domain', () => {
      expect(needsFallbackCookies('https://app.example.com', 'api.example.com')).toBe(false);
      expect(needsFallbackCookies('https://example.com/page', 'example.com')).toBe(false);
    });
  });

  describe('cross-site pages (the main cookie is SameSite=None only for them)', () => {
    it('are pages on another registrable domain, or another host on localhost and IPs', () => {
      expect(isCrossSite('https://app.example.com', 'api.other.com')).toBe(true);
      expect(isCrossSite('http://localhost:5173', '127.0.0.1')).toBe(true);
      expect(isCrossSite('http://192.168.1.3:8080', '192.168.1.2')).toBe(true);
    });
    it('are not the same site, another port of the same host, or no page at all', () => {
      expect(isCrossSite('https://app.example.com', 'api.example.com')).toBe(false);
      expect(isCrossSite('http://localhost:5173', 'localhost')).toBe(false);
      expect(isCrossSite('http://[::1]:4000', '[::1]')).toBe(false);
      expect(isCrossSite('http://192.168.1.2:8080', '192.168.1.2')).toBe(false);
      expect(isCrossSite(null, 'api.example.com')).toBe(false);
    });
  });

  describe('origin policy', () => {
    const policy = createOriginPolicy({ PUBLIC_URL: 'https://music.example.org/base', allowedOrigins: ['https://app.example.com'] });
    const self = 'https://api.example.net';
    it('allows itself, PUBLIC_URL and ALLOWED_ORIGINS', () => {
      for (const o of [self, 'https://music.example.org', 'https://app.example.com']) {
        expect(policy.isAllowed(o, self), o).toBe(true);
      }
    });
    it('refuses everything else, including loopback pages, look-alikes and non-origins', () => {
      for (const o of [
        'https://evil.example', 'http://app.example.com', 'https://app.example.com.evil.example', 'null', 'https://app.example.com/path', '',
        'http://localhost:5173', 'http://127.0.0.1', 'http://[::1]:8080', 'http://app.localhost',
      ]) {
        expect(policy.isAllowed(o, self), o).toBe(false);
      }
    });
  });
});
