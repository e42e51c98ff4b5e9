/**
 * One JSON request to the server that holds the backend, as the signed-in session: its cookie, or the
 * SDK's fallback header when the server is on another origin. A 204 answers `undefined`; an error
 * answer becomes the caller's error, given the server's message (Appwrite's shape) or `HTTP <status>`.
 */
export interface SessionRequestInit {
  method: string;
  body?: unknown;
  /** Sent with the fallback header; a body adds `content-type: application/json`. */
  headers?: Record<string, string>;
  keepalive?: boolean;
}

export type RequestFailure = (status: number, message: string, body: unknown) => Error;

/** An error answer (or none): its HTTP status and the server's message. Features name their own kind. */
export class SessionRequestError extends Error {
  override name = 'SessionRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `path` on the server that holds the backend (its endpoint may be relative to the page, e.g. '/v1'). */
export function backendServerUrl(path: string, backendEndpoint: string, pageOrigin: string = globalThis.location?.origin ?? 'http://localhost'): string {
  return new URL(path, new URL(backendEndpoint, pageOrigin)).href;
}

/** `path` under the backend's API endpoint itself (e.g. '/devices' of '/v1'). */
export function backendApiUrl(backendEndpoint: string, path: string): string {
  return new URL(backendEndpoint.replace(/\/*$/, path), globalThis.location?.origin ?? 'http://localhost').href;
}

/** The SDK keeps the session here when cookies cannot cross to the backend's origin. */
export function sessionFallbackHeader(): Record<string, string> {
  const stored = globalThis.localStorage?.getItem('cookieFallback');
  return stored ? { 'X-Fallback-Cookies': stored } : {};
}

/** A string field of an answer that may be anything (null, text, an object without it). */
export function answerField(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null || !(field in body)) return undefined;
  const value: unknown = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

export async function sessionRequest<T>(fetcher: typeof fetch, url: string, init: SessionRequestInit, fail: RequestFailure): Promise<T> {
  const { method, body, keepalive } = init;
  const headers = { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers, ...sessionFallbackHeader() };
  const res = await fetcher(url, { method, credentials: 'include', headers, ...(keepalive ? { keepalive } : {}), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (res.status === 204) return undefined as T;
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) throw fail(res.status, answerField(answer, 'message') ?? `HTTP ${res.status}`, answer);
  return answer as T;
}
