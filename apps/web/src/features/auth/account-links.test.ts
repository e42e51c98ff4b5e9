import { describe, expect, it } from 'vitest';
import { linkExpired, magicLinkUrl, readLinkParams, recoveryUrl, verificationUrl } from './account-links.js';

describe('mail links', () => {
  it('point at this site: /recovery, /verify and /callback', () => {
    expect(recoveryUrl('https://music.example')).toBe('https://music.example/recovery');
    expect(verificationUrl('https://music.example')).toBe('https://music.example/verify');
    expect(magicLinkUrl('https://music.example')).toBe('https://music.example/callback');
  });

  it('need both userId and secret', () => {
    expect(readLinkParams('?userId=u1')).toBeNull();
    expect(readLinkParams('?secret=s')).toBeNull();
    expect(readLinkParams('?userId=%20&secret=s')).toBeNull();
    expect(readLinkParams('?userId=u1&secret=abc')).toEqual({ userId: 'u1', secret: 'abc', expiresAtMs: null });
  });

  it('read the expiry, and say a link is expired from that moment on', () => {
    const link = readLinkParams('?userId=u1&secret=abc&expire=2026-11-25T05%3A00%3A00.000%2B00%3A00')!;
    expect(link.expiresAtMs).toBe(Date.UTC(2026, 10, 25, 5));
    expect(linkExpired(link, Date.UTC(2026, 10, 25, 4, 59))).toBe(false);
    expect(linkExpired(link, Date.UTC(2026, 10, 25, 5))).toBe(true);
    expect(readLinkParams('?userId=u1&secret=abc&expire=soon')!.expiresAtMs).toBeNull();
  });
});
