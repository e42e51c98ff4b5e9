import { describe, expect, it } from 'vitest';
import { ago, formatBytes, formatUptime, invitationLine, scanRate } from './format.js';

describe('admin page numbers', () => {
  it('says sizes in B, KB, MB and GB', () => {
    expect([0, 512, 1536, 10 * 1024, 5 * 1024 ** 2 + 1, 3 * 1024 ** 3].map(formatBytes)).toEqual(['0 B', '512 B', '1.5 KB', '10 KB', '5 MB', '3 GB']);
  });

  it('says uptime in its two largest units', () => {
    expect([59, 120, 3_720, 93_784].map(formatUptime)).toEqual(['59 s', '2 min', '1 h 2 min', '1 d 2 h']);
  });

  it('says a scan rate once a second has passed', () => {
    expect(scanRate(10, 500)).toBe('');
    expect(scanRate(30, 2_500)).toBe('12 files/s');
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-05-10T12:00:00Z');
    expect(['2026-05-10T11:59:30Z', '2026-05-10T11:55:00Z', '2026-05-10T09:00:00Z', '2026-05-09T11:00:00Z', '2026-05-07T12:00:00Z'].map((t) => ago(t, now))).toEqual([
      'just now',
      '5 min ago',
      '3 h ago',
      '1 day ago',
      '3 days ago',
    ]);
  });

  it("says an invitation's uses and expiry", () => {
    const base = { maxUses: 3, expire: '2026-12-04T10:00:00.000+00:00' };
    expect(invitationLine({ ...base, used: 1, state: 'active' })).toBe('1 of 3 used · expires 4 Dec');
    expect(invitationLine({ ...base, used: 3, state: 'used' })).toBe('Used up (3 of 3)');
    expect(invitationLine({ ...base, used: 0, state: 'expired' })).toBe('Expired (0 of 3 used)');
  });
});
