import { describe, expect, it } from 'vitest';
import { groupKey } from './totp-key.js';

describe('groupKey', () => {
  it('splits the key into groups of four', () => {
    expect(groupKey('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupKey('JBSWY3DPEH')).toBe('JBSW Y3DP EH');
    expect(groupKey(' JBSW Y3DP ')).toBe('JBSW Y3DP');
  });
});
