import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { APP_NAME } from '../mail/messages.js';

/**
 * Multi-factor rules as Appwrite applies them (pure). A session of a user with
 * MFA on and a second factor available (a verified email, phone or TOTP
 * authenticator) needs two factors before it may use the account; until then
 * every route but the MFA ones answers 401 user_more_factors_required.
 */
export interface MfaSubject {
  mfa: boolean;
  emailVerification: boolean;
  phoneVerification: boolean;
  /** Has a verified TOTP authenticator. */
  totp: boolean;
}

export const requiredFactors = (u: MfaSubject): number =>
  u.mfa && (u.emailVerification || u.phoneVerification || u.totp) ? 2 : 1;

export const needsMoreFactors = (u: MfaSubject, sessionFactors: readonly string[]): boolean =>
  sessionFactors.length < requiredFactors(u);

/** The factors a user can answer a challenge with (GET /account/mfa/factors). */
export function availableFactors(u: MfaSubject & { hasEmail: boolean; hasPhone: boolean; recoveryCodes: number }) {
  return {
    totp: u.totp,
    phone: u.hasPhone && u.phoneVerification,
    email: u.hasEmail && u.emailVerification,
    recoveryCode: u.recoveryCodes > 0,
    custom: false,
  };
}

/** Appwrite's challenge factors (AuthenticationFactor); `recoveryCode` is accepted for `recoverycode`. */
export const CHALLENGE_FACTORS = ['totp', 'email', 'phone', 'recoverycode'] as const;
export type ChallengeFactor = (typeof CHALLENGE_FACTORS)[number];

export function parseFactor(v: string): ChallengeFactor | null {
  const f = v === 'recoveryCode' ? 'recoverycode' : v;
  return (CHALLENGE_FACTORS as readonly string[]).includes(f) ? (f as ChallengeFactor) : null;
}

/** A challenge passed within this long counts as recent (Appwrite's MFA_RECENT_DURATION). */
export const MFA_RECENT_MS = 30 * 60_000;

export const isRecentChallenge = (mfaUpdatedAt: Date | null, nowMs: number): boolean =>
  mfaUpdatedAt !== null && nowMs - mfaUpdatedAt.getTime() <= MFA_RECENT_MS;

const CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Six single-use recovery codes of 10 characters (Appwrite's generateBackupCodes). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 6 }, () => Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''));
}

/** A 6-digit code for email sign-in and email challenges. */
export const newSixDigitCode = (): string => String(randomInt(1_000_000)).padStart(6, '0');

/** TOTP as authenticator apps expect it (RFC 6238): SHA-1, 6 digits, 30 seconds. */
const totp = (secret: string, label: string) =>
  new TOTP({ issuer: APP_NAME, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A new 160-bit TOTP secret (base32) and its otpauth:// URI for a QR code. */
export function newTotp(label: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totp(secret, label).toString() };
}

/** Whether `otp` is the code of this 30-second step or the one before or after (clock drift). */
export function checkTotp(secret: string, otp: string, nowMs: number): boolean {
  if (!/^\d{6}$/.test(otp)) return false;
  return totp(secret, '').validate({ token: otp, timestamp: nowMs, window: 1 }) !== null;
}

/** The code of a TOTP secret at an instant (tests, and nothing else on the server). */
export const totpCode = (secret: string, nowMs: number): string => totp(secret, '').generate({ timestamp: nowMs });

const ADJECTIVES = ['Amber', 'Brave', 'Calm', 'Deep', 'Eager', 'Fancy', 'Gentle', 'Happy', 'Lucky', 'Mellow', 'Noble', 'Quiet', 'Rapid', 'Silver', 'Sunny', 'Vivid'];
const NOUNS = ['Anthem', 'Ballad', 'Chorus', 'Drum', 'Echo', 'Flute', 'Guitar', 'Harp', 'Lyric', 'Melody', 'Piano', 'Rhythm', 'Sonata', 'Tempo', 'Verse', 'Violin'];

/** A security phrase shown in the app and in the mail, so the user can tell the mail is theirs. */
export const securityPhrase = (): string => `${ADJECTIVES[randomInt(ADJECTIVES.length)]} ${NOUNS[randomInt(NOUNS.length)]}`;
