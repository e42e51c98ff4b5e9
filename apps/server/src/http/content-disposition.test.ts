import { describe, expect, it } from 'vitest';
import { attachmentHeader } from './content-disposition.js';

describe('attachmentHeader (RFC 6266)', () => {
  it('gives an ASCII filename and the exact UTF-8 name in filename*', () => {
    expect(attachmentHeader('Battle Epic', 'mp4')).toBe(`attachment; filename="Battle Epic.mp4"; filename*=UTF-8''Battle%20Epic.mp4`);
    expect(attachmentHeader('Ünïcode Café', 'mp4')).toBe(
      `attachment; filename="Unicode Cafe.mp4"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20Caf%C3%A9.mp4`,
    );
  });

  it('replaces characters ASCII cannot carry in the fallback only', () => {
    expect(attachmentHeader('夜に駆ける', 'mp4')).toBe(
      `attachment; filename="_____.mp4"; filename*=UTF-8''%E5%A4%9C%E3%81%AB%E9%A7%86%E3%81%91%E3%82%8B.mp4`,
    );
  });

  it('keeps path separators, quotes and control characters out of the name', () => {
    expect(attachmentHeader('../../etc/passwd', 'mp4')).toBe(
      `attachment; filename="etc passwd.mp4"; filename*=UTF-8''etc%20passwd.mp4`,
    );
    expect(attachmentHeader('A "quoted"\r\nname\\x', 'mp4')).toBe(
      `attachment; filename="A quoted name x.mp4"; filename*=UTF-8''A%20quoted%20name%20x.mp4`,
    );
    expect(attachmentHeader("it's (live)*", 'mp4')).toBe(
      `attachment; filename="it's (live).mp4"; filename*=UTF-8''it%27s%20%28live%29.mp4`,
    );
  });

  it('keeps percent signs out of the plain filename', () => {
    expect(attachmentHeader('100% Pure', 'mp4')).toBe(`attachment; filename="100_ Pure.mp4"; filename*=UTF-8''100%25%20Pure.mp4`);
  });

  it('falls back to "download" when nothing is left of the title', () => {
    expect(attachmentHeader('  / ', 'mp4')).toBe(`attachment; filename="download.mp4"; filename*=UTF-8''download.mp4`);
  });
});
