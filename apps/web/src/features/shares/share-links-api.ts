/**
 * The signed-in listener's public share links: /subsonic/shares on the server that holds the backend,
 * authenticated by the backend session (its cookie, or the SDK's fallback header when the server is on
 * another origin). Errors carry the server's message (Appwrite's shape).
 */
import type { NewShareLink, ShareExpiry, ShareLink, ShareLinks } from '@lyra/contracts/share-links';
export type { NewShareLink, ShareExpiry, ShareLink, ShareLinks };

export class ShareLinksError extends Error {
  override name = 'ShareLinksError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `/subsonic/shares` on the backend's server (its endpoint may be relative to the page, e.g. '/v1'). */
export function shareLinksUrl(backendEndpoint: string, pageOrigin: string = globalThis.location?.origin ?? 'http://localhost'): string {
  return new URL('/subsonic/shares', new URL(backendEndpoint, pageOrigin)).href;
}

const fallbackHeader = (): Record<string, string> => {
  const stored = globalThis.localStorage?.getItem('cookieFallback');
  return stored ? { 'X-Fallback-Cookies': stored } : {};
};

async function request<T>(url: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', fetcher: typeof fetch, body?: unknown): Promise<T> {
  const headers = { ...fallbackHeader(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const res = await fetcher(url, { method, credentials: 'include', headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (res.status === 204) return undefined as T;
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = typeof answer === 'object' && answer !== null && 'message' in answer && typeof answer.message === 'string' ? answer.message : `HTTP ${res.status}`;
    throw new ShareLinksError(res.status, message);
  }
  return answer as T;
}

export const shareLinksApi = (base: string, fetcher: typeof fetch = (...a) => globalThis.fetch(...a)) => ({
  list: () => request<ShareLinks>(base, 'GET', fetcher),
  /** Every account's links (administrators; the server refuses the others with a 403). */
  listAll: () => request<ShareLinks>(`${base}?all=true`, 'GET', fetcher),
  create: (link: NewShareLink) => request<ShareLink>(base, 'POST', fetcher, link),
  changeExpiry: (id: string, expires: ShareExpiry) => request<ShareLink>(`${base}/${encodeURIComponent(id)}`, 'PATCH', fetcher, { expires }),
  revoke: (id: string) => request<void>(`${base}/${encodeURIComponent(id)}`, 'DELETE', fetcher),
});

export type ShareLinksApi = ReturnType<typeof shareLinksApi>;
