/**
 * The server's Subsonic credentials for the signed-in user (the Profile
 * page's "Subsonic apps" section): /subsonic/credentials on the server that
 * holds the backend, authenticated by the backend session (its cookie, or the
 * SDK's fallback header when the server is on another origin).
 */
export interface SubsonicApiKey {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface SubsonicCredentials {
  serverUrl: string;
  username: string;
  appPassword: string;
  apiKeys: SubsonicApiKey[];
}

export interface NewApiKey {
  id: string;
  apiKey: string;
  createdAt: string;
}

export class CredentialsRequestError extends Error {
  override name = 'CredentialsRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `/subsonic/credentials` on the backend's server (its endpoint may be relative to the page, e.g. '/v1'). */
export function credentialsUrl(backendEndpoint: string, pageOrigin: string = globalThis.location?.origin ?? 'http://localhost'): string {
  return new URL('/subsonic/credentials', new URL(backendEndpoint, pageOrigin)).href;
}

/** The SDK keeps the session here when cookies cannot cross to the backend's origin. */
const fallbackHeader = (): Record<string, string> => {
  const stored = globalThis.localStorage?.getItem('cookieFallback');
  return stored ? { 'X-Fallback-Cookies': stored } : {};
};

async function request<T>(url: string, method: 'GET' | 'POST' | 'DELETE', fetcher: typeof fetch): Promise<T> {
  const res = await fetcher(url, { method, credentials: 'include', headers: fallbackHeader() });
  if (res.status === 204) return undefined as T;
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : `HTTP ${res.status}`;
    throw new CredentialsRequestError(res.status, message);
  }
  return body as T;
}

export const subsonicCredentialsApi = (base: string, fetcher: typeof fetch = (...a) => globalThis.fetch(...a)) => ({
  get: () => request<SubsonicCredentials>(base, 'GET', fetcher),
  rotateAppPassword: () => request<{ appPassword: string }>(`${base}/app-password`, 'POST', fetcher),
  createApiKey: () => request<NewApiKey>(`${base}/api-keys`, 'POST', fetcher),
  revokeApiKey: (id: string) => request<void>(`${base}/api-keys/${encodeURIComponent(id)}`, 'DELETE', fetcher),
});

export type SubsonicCredentialsApi = ReturnType<typeof subsonicCredentialsApi>;
