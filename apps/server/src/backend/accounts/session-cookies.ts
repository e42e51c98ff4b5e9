import type { Context } from 'hono';
import { clearedSessionCookies, sessionCookieName, sessionCookies } from '../http/cookies.js';
import { isCrossSite, needsFallbackCookies } from '../http/origins.js';
import type { Config } from '../../config.js';
import { clientHttps, pageOrigin, selfHostname } from '../http/request-info.js';
import type { IssuedSession } from './sessions.js';

type CookieConfig = Pick<Config, 'APPWRITE_PROJECT_ID' | 'trustProxy'>;

/**
 * Secure when the client used https, directly or through a trusted proxy
 * (TRUST_PROXY); the main cookie SameSite=None only for pages on another site.
 */
const target = (c: Context, config: CookieConfig) => {
  const hostname = selfHostname(c, config);
  return { hostname, secure: clientHttps(c, config), crossSite: isCrossSite(pageOrigin(c), hostname) };
};

/**
 * Hands a new session to the browser (backend-api.md §1): both cookies, plus
 * `X-Fallback-Cookies: {"a_session_<p>":"<blob>"}` when the page is on another
 * site than the API (or on localhost/an IP), for the SDK's localStorage copy.
 */
export function setSessionCookies(c: Context, config: CookieConfig, issued: IssuedSession): void {
  const project = config.APPWRITE_PROJECT_ID;
  for (const cookie of sessionCookies(project, issued.blob, issued.session.expire, target(c, config))) {
    c.header('Set-Cookie', cookie, { append: true });
  }
  if (needsFallbackCookies(pageOrigin(c), target(c, config).hostname)) {
    c.header('X-Fallback-Cookies', JSON.stringify({ [sessionCookieName(project)]: issued.blob }));
  }
}

/** Logout of the caller's own session: expire both cookies and empty the fallback copy. */
export function clearSessionCookies(c: Context, config: CookieConfig, nowMs: number): void {
  const project = config.APPWRITE_PROJECT_ID;
  for (const cookie of clearedSessionCookies(project, nowMs, target(c, config))) c.header('Set-Cookie', cookie, { append: true });
  c.header('X-Fallback-Cookies', '[]');
}
