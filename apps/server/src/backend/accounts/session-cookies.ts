import type { Context } from 'hono';
import { clearedSessionCookies, sessionCookieName, sessionCookies } from '../http/cookies.js';
import { needsFallbackCookies } from '../http/origins.js';
import { isHttps, pageOrigin, selfHostname } from '../http/request-info.js';
import type { IssuedSession } from './sessions.js';

const target = (c: Context) => ({ hostname: selfHostname(c), secure: isHttps(c) });

/**
 * Hands a new session to the browser (backend-api.md §1): both cookies, plus
 * `X-Fallback-Cookies: {"a_session_<p>":"<blob>"}` when the page is on another
 * site than the API (or on localhost/an IP), for the SDK's localStorage copy.
 */
export function setSessionCookies(c: Context, project: string, issued: IssuedSession): void {
  for (const cookie of sessionCookies(project, issued.blob, issued.session.expire, target(c))) {
    c.header('Set-Cookie', cookie, { append: true });
  }
  if (needsFallbackCookies(pageOrigin(c), target(c).hostname)) {
    c.header('X-Fallback-Cookies', JSON.stringify({ [sessionCookieName(project)]: issued.blob }));
  }
}

/** Logout of the caller's own session: expire both cookies and empty the fallback copy. */
export function clearSessionCookies(c: Context, project: string, nowMs: number): void {
  for (const cookie of clearedSessionCookies(project, nowMs, target(c))) c.header('Set-Cookie', cookie, { append: true });
  c.header('X-Fallback-Cookies', '[]');
}
