import { describe, expect, it } from 'vitest';
import { cleanCode, codeProblem, newPasswordProblem } from './password-rules.js';

describe('new password', () => {
  it('needs 8 to 256 characters, not only spaces, typed the same twice', () => {
    expect(newPasswordProblem('short', 'short')).toBe('Use at least 8 characters');
    expect(newPasswordProblem('x'.repeat(257), 'x'.repeat(257))).toBe('Use at most 256 characters');
    expect(newPasswordProblem('         ', '         ')).toBe('A password cannot be only spaces');
    expect(newPasswordProblem('correct horse', 'correct house')).toBe("The passwords don't match");
    expect(newPasswordProblem('correct horse', 'correct horse')).toBeNull();
    expect(newPasswordProblem('x'.repeat(256), 'x'.repeat(256))).toBeNull();
  });
});

describe('codes', () => {
  it('drops the spaces and dashes people type in an authenticator code; a recovery code is only trimmed', () => {
    expect(cleanCode(' 123 456 ', 'totp')).toBe('123456');
    expect(cleanCode('123-456', 'totp')).toBe('123456');
    expect(cleanCode(' abcd-efgh ', 'recoveryCode')).toBe('abcd-efgh');
  });

  it('an authenticator code is 6 digits; a recovery code anything', () => {
    expect(codeProblem('12345', 'totp')).toBe('Enter the 6-digit code from your authenticator app');
    expect(codeProblem('12345a', 'totp')).toBe('Enter the 6-digit code from your authenticator app');
    expect(codeProblem('123 456', 'totp')).toBeNull();
    expect(codeProblem('  ', 'recoveryCode')).toBe('Enter one of your recovery codes');
    expect(codeProblem('a1b2c3d4e5', 'recoveryCode')).toBeNull();
  });
});
