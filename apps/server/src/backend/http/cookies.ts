import { isIP } from 'node:net';
import { isLoopbackHost } from './origins.js';

/** `a_session_<project>`; the `_legacy` twin never has SameSite=None (backend-api.md §1). */
export const sessionCookieName = (project: string) => `a_session_${project}`;
export const legacyCookieName = (project: string) => `a_session_${project}_legacy`;

export interface CookieTarget {
  /** The API hostname the browser called (no port). */
  hostname: string;
  /** Whether the browser reached us over https (the `secure` attribute). */
  secure: boolean;
  /**
   * Whether the page calling us is on another site (an app on a configured
   * platform). Only then is the main cookie SameSite=None; for the app this
   * server serves itself it is Lax, so other sites' forms cannot ride it.
   */
  crossSite?: boolean;
}

/** Appwrite scopes its cookies to `.<host>`; browsers refuse a domain on localhost and IPs. */
function domainAttr(hostname: string): string {
  const h = hostname.replace(/^\[|\]$/g, '');
  return isLoopbackHost(h) || isIP(h) !== 0 ? '' : `; domain=.${h}`;
}

export interface CookieOptions extends CookieTarget {
  name: string;
  value: string;
  expires: Date;
  sameSiteNone?: boolean;
}

/**
 * One Set-Cookie value in Appwrite's form: path=/, HttpOnly, secure only over
 * https (directly or through a trusted proxy). The main cookie is
 * SameSite=None as Appwrite sends it when the page is on another site
 * (browsers keep it only with secure), Lax otherwise; the legacy twin is
 * always SameSite=Lax.
 */
export function serializeCookie(o: CookieOptions): string {
  return (
    `${o.name}=${o.value}; expires=${o.expires.toUTCString()}; path=/${domainAttr(o.hostname)}` +
    `${o.secure ? '; secure' : ''}; httponly; samesite=${o.sameSiteNone ? 'None' : 'Lax'}`
  );
}

/** The two session cookies, same value and expiry: legacy first, as Appwrite sends them. */
export function sessionCookies(project: string, blob: string, expires: Date, target: CookieTarget): string[] {
  return [
    serializeCookie({ ...target, name: legacyCookieName(project), value: blob, expires }),
    serializeCookie({ ...target, name: sessionCookieName(project), value: blob, expires, sameSiteNone: target.crossSite === true }),
  ];
}

/** Logout: both names, empty value, expired an hour ago. */
export function clearedSessionCookies(project: string, nowMs: number, target: CookieTarget): string[] {
  return sessionCookies(project, '', new Date(nowMs - 3600_000), target);
}

/** Parses a Cookie request header; the first occurrence of a name wins (RFC 6265 §5.4 order). */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (name && !out.has(name)) out.set(name, value);
  }
  return out;
}
