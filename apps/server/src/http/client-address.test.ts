import { describe, expect, it } from 'vitest';
import { clientAddress, clientUsedHttps, parseTrustProxy, TRUST_NONE } from './client-address.js';

describe('parseTrustProxy', () => {
  it('trusts nobody when unset', () => {
    expect(parseTrustProxy(undefined)('127.0.0.1')).toBe(false);
    expect(parseTrustProxy('')('::1')).toBe(false);
  });

  it('understands loopback, addresses and CIDRs of both families', () => {
    const trust = parseTrustProxy('loopback, 10.0.0.0/8, 192.168.1.5, fd00::/8');
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '10.1.2.3', '192.168.1.5', 'fd00::1'].map(trust)).toEqual([
      true, true, true, true, true, true, true,
    ]);
    expect(['192.168.1.6', '11.0.0.1', '2001:db8::1', 'nonsense', ''].map(trust)).toEqual([false, false, false, false, false]);
  });

  it('throws naming a malformed entry', () => {
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow('"10.0.0.0/33"');
    expect(() => parseTrustProxy('proxy.example')).toThrow('"proxy.example"');
    expect(() => parseTrustProxy('10.0.0.1/8/2')).toThrow();
  });
});

describe('clientAddress', () => {
  const loopback = parseTrustProxy('loopback');

  it('is the peer when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.9', TRUST_NONE)).toBe('127.0.0.1');
    expect(clientAddress('::ffff:198.51.100.7', '203.0.113.9', TRUST_NONE)).toBe('198.51.100.7');
  });

  it('ignores the header from a peer that is not a trusted proxy', () => {
    expect(clientAddress('198.51.100.7', '203.0.113.9', loopback)).toBe('198.51.100.7');
  });

  it('takes the rightmost untrusted hop, so client-written entries cannot rotate it', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.9', loopback)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '1.2.3.4, 203.0.113.9', loopback)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '5.6.7.8, 203.0.113.9', loopback)).toBe('203.0.113.9');
    const chain = parseTrustProxy('loopback,10.0.0.0/8');
    expect(clientAddress('127.0.0.1', '1.2.3.4, 203.0.113.9, 10.0.0.2', chain)).toBe('203.0.113.9');
  });

  it('stops at a malformed hop, keeping the last good address', () => {
    expect(clientAddress('127.0.0.1', 'garbage', loopback)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', 'garbage, 203.0.113.9', loopback)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '', loopback)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', undefined, loopback)).toBe('127.0.0.1');
  });

  it('is every hop trusted: the leftmost one', () => {
    expect(clientAddress('127.0.0.1', '127.0.0.2', loopback)).toBe('127.0.0.2');
  });
});

describe('clientUsedHttps', () => {
  const loopback = parseTrustProxy('loopback');
  it('believes X-Forwarded-Proto only from a trusted proxy', () => {
    expect(clientUsedHttps('127.0.0.1', false, 'https', loopback)).toBe(true);
    expect(clientUsedHttps('127.0.0.1', false, 'https', TRUST_NONE)).toBe(false);
    expect(clientUsedHttps('198.51.100.7', false, 'https', loopback)).toBe(false);
    expect(clientUsedHttps('127.0.0.1', false, 'http', loopback)).toBe(false);
    expect(clientUsedHttps('198.51.100.7', true, undefined, TRUST_NONE)).toBe(true);
  });
});
