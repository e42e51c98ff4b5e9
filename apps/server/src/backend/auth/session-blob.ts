/**
 * The session credential: standard base64 of JSON `{"id":"<userId>","secret":"<secret>"}`
 * (backend-api.md §1), e.g. `{"id":"u1","secret":"s"}` -> `eyJpZCI6InUxIiwic2VjcmV0IjoicyJ9`.
 */
export interface SessionCredential {
  userId: string;
  secret: string;
}

export const encodeSessionBlob = ({ userId, secret }: SessionCredential) =>
  Buffer.from(JSON.stringify({ id: userId, secret })).toString('base64');

/** Decodes a blob; anything malformed is null (= no session), never an exception. */
export function decodeSessionBlob(blob: string | null | undefined): SessionCredential | null {
  if (!blob || blob.length > 4096) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(blob, 'base64').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { id, secret } = value as Record<string, unknown>;
    if (typeof id !== 'string' || typeof secret !== 'string' || id === '' || secret === '') return null;
    return { userId: id, secret };
  } catch {
    return null;
  }
}

/**
 * `X-Fallback-Cookies` is the JSON the server sent at sign-in, kept verbatim in
 * localStorage by the SDK: `{"a_session_<project>":"<blob>"}`. Anything else
 * (`[]` after logout, garbage) means no session.
 */
export function blobFromFallbackHeader(header: string | null | undefined, cookieName: string): string | null {
  if (!header) return null;
  try {
    const value: unknown = JSON.parse(header);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const blob = (value as Record<string, unknown>)[cookieName];
    return typeof blob === 'string' ? blob : null;
  } catch {
    return null;
  }
}
