import { describe, expect, it } from 'vitest';
import { checkTotp, isRecentChallenge, needsMoreFactors, newRecoveryCodes, newSixDigitCode, newTotp, parseFactor, requiredFactors, totpCode } from './mfa.js';

const user = { mfa: true, emailVerification: false, phoneVerification: false, totp: false };

describe('MFA rules', () => {
  it('asks a second factor only when MFA is on and one is available', () => {
    expect(requiredFactors({ ...user, mfa: false, totp: true })).toBe(1);
    expect(requiredFactors(user)).toBe(1);
    expect(requiredFactors({ ...user, totp: true })).toBe(2);
    expect(requiredFactors({ ...user, emailVerification: true })).toBe(2);
    expect(needsMoreFactors({ ...user, totp: true }, ['password'])).toBe(true);
    expect(needsMoreFactors({ ...user, totp: true }, ['password', 'totp'])).toBe(false);
  });

  it('accepts Appwrite factor names and refuses others', () => {
    expect(parseFactor('totp')).toBe('totp');
    expect(parseFactor('recoverycode')).toBe('recoverycode');
    expect(parseFactor('recoveryCode')).toBe('recoverycode');
    expect(parseFactor('sms')).toBeNull();
  });

  it('counts a challenge as recent for 30 minutes', () => {
    const t = Date.parse('2026-01-01T00:00:00Z');
    expect(isRecentChallenge(null, t)).toBe(false);
    expect(isRecentChallenge(new Date(t), t + 30 * 60_000)).toBe(true);
    expect(isRecentChallenge(new Date(t), t + 30 * 60_000 + 1)).toBe(false);
  });

  it('makes six 10-character recovery codes and 6-digit codes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(6);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{10}$/);
    expect(new Set(codes).size).toBe(6);
    expect(newSixDigitCode()).toMatch(/^\d{6}$/);
  });

  it('checks TOTP codes per RFC 6238 with one step of drift', () => {
    const { secret, uri } = newTotp('ada@example.com');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Lyra:ada%40example.com?issuer=Lyra&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    const t = Date.parse('2026-01-01T00:00:10Z');
    expect(checkTotp(secret, totpCode(secret, t), t)).toBe(true);
    expect(checkTotp(secret, totpCode(secret, t - 30_000), t)).toBe(true);
    expect(checkTotp(secret, totpCode(secret, t - 90_000), t)).toBe(false);
    expect(checkTotp(secret, 'abcdef', t)).toBe(false);
  });

  it('matches the RFC 6238 test vector (SHA-1, T=59)', () => {
    // Secret "12345678901234567890" in base32; the RFC's 8-digit value is 94287082.
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
  });
});
