import { AppwriteError } from '../http/errors.js';
import { originOf } from '../http/origins.js';

/**
 * The app's success/failure URL for an OAuth flow: absent means `fallback`;
 * otherwise it must be an absolute http(s) URL on an allowed origin, so this
 * server is never an open redirect (backend-api.md §3, OAuth step 2).
 */
export function checkRedirectUrl(
  kind: 'success' | 'failure',
  value: string | undefined,
  fallback: string,
  isAllowedOrigin: (origin: string) => boolean,
): string {
  if (value === undefined || value === '') return fallback;
  const origin = originOf(value);
  if (!origin || !isAllowedOrigin(origin)) {
    throw new AppwriteError(400, `project_invalid_${kind}_url`, `Invalid redirect URL for OAuth ${kind}.`);
  }
  return new URL(value).toString();
}

/** Appends query parameters to a URL, keeping its existing query and fragment. */
export function withParams(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.append(k, v);
  return u.toString();
}

/** The failure redirect: `error` is the JSON `{"message","type","code"}` Appwrite sends. */
export function failureLocation(failure: string, err: { message: string; type: string; code: number }): string {
  return withParams(failure, { error: JSON.stringify({ message: err.message, type: err.type, code: err.code }) });
}
