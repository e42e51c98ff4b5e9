/** The backend's password rules (backend-api.md): 8 to 256 characters, not only spaces. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** Why a new password cannot be used, or null when it can. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters`;
  if (password.trim() === '') return 'A password cannot be only spaces';
  if (password !== confirmation) return "The passwords don't match";
  return null;
}

export type CodeKind = 'totp' | 'recoveryCode';

/** A code as typed, ready to send: an authenticator code loses spaces and dashes, a recovery code is only trimmed. */
export const cleanCode = (code: string, kind: CodeKind): string => (kind === 'totp' ? code.replace(/[\s-]+/g, '') : code.trim());

/** Why a code cannot be sent yet, or null: 6 digits for an authenticator app, anything non-empty for a recovery code. */
export function codeProblem(code: string, kind: CodeKind): string | null {
  const c = cleanCode(code, kind);
  if (kind === 'totp') return /^\d{6}$/.test(c) ? null : 'Enter the 6-digit code from your authenticator app';
  return c ? null : 'Enter one of your recovery codes';
}
