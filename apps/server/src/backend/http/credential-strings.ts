import { stringProblem, type InputProblem } from '../../http/input-hygiene.js';
import { decodeSessionBlob } from '../auth/session-blob.js';
import { parseCookieHeader } from './cookies.js';

const SESSION_COOKIE = /^a_session_/;

/** Every session blob a request carries: `a_session_*` cookies, X-Appwrite-Session, X-Fallback-Cookies (backend-api.md §1). */
function sessionBlobs(headers: Headers): string[] {
  const blobs: string[] = [];
  for (const [name, value] of parseCookieHeader(headers.get('cookie'))) if (SESSION_COOKIE.test(name)) blobs.push(value);
  const header = headers.get('x-appwrite-session');
  if (header) blobs.push(header);
  const fallback = headers.get('x-fallback-cookies');
  if (fallback) {
    try {
      const value: unknown = JSON.parse(fallback);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        for (const [name, blob] of Object.entries(value)) if (SESSION_COOKIE.test(name) && typeof blob === 'string') blobs.push(blob);
      }
    } catch {
      // Not JSON: no session, as the caller resolver reads it.
    }
  }
  return blobs;
}

/**
 * A session credential whose user id or secret holds a NUL or an unpaired
 * surrogate: the session store cannot even look it up. A blob that does not
 * decode is no problem here (it is simply no session).
 */
export function credentialProblem(headers: Headers): InputProblem | null {
  for (const blob of sessionBlobs(headers)) {
    const credential = decodeSessionBlob(blob);
    const problem = credential && (stringProblem(credential.userId) ?? stringProblem(credential.secret));
    if (problem) return { param: 'session', message: problem };
  }
  return null;
}
