/**
 * Where the backend's mails point (the standard Appwrite way: the `url` the
 * app passes, with `?userId=...&secret=...&expire=...` appended). The backend
 * accepts only this server's own origin and its allowed hosts.
 */
export const recoveryUrl = (origin: string): string => `${origin}/recovery`;
export const verificationUrl = (origin: string): string => `${origin}/verify`;
/** A magic sign-in link lands on /callback, which turns userId and secret into a session. */
export const magicLinkUrl = (origin: string): string => `${origin}/callback`;

export interface LinkParams {
  userId: string;
  secret: string;
  /** When the link stops working, in ms since the epoch; null when the link does not say. */
  expiresAtMs: number | null;
}

/** A mail link's userId and secret (both needed) and its expiry. */
export function readLinkParams(search: string | URLSearchParams): LinkParams | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const userId = params.get('userId')?.trim() ?? '';
  const secret = params.get('secret')?.trim() ?? '';
  if (!userId || !secret) return null;
  const expire = Date.parse(params.get('expire') ?? '');
  return { userId, secret, expiresAtMs: Number.isNaN(expire) ? null : expire };
}

export const linkExpired = (link: LinkParams, nowMs: number): boolean => link.expiresAtMs != null && link.expiresAtMs <= nowMs;
