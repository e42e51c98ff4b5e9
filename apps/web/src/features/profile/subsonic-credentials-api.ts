import { backendServerUrl, SessionRequestError, sessionRequest } from '../../shared/lib/session-request.js';

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

export class CredentialsRequestError extends SessionRequestError {
  override name = 'CredentialsRequestError';
}

/** `/subsonic/credentials` on the backend's server (its endpoint may be relative to the page, e.g. '/v1'). */
export const credentialsUrl = (backendEndpoint: string, pageOrigin?: string): string => backendServerUrl('/subsonic/credentials', backendEndpoint, pageOrigin);

const fail = (status: number, message: string) => new CredentialsRequestError(status, message);
const request = <T>(url: string, method: 'GET' | 'POST' | 'DELETE', fetcher: typeof fetch): Promise<T> => sessionRequest<T>(fetcher, url, { method }, fail);

export const subsonicCredentialsApi = (base: string, fetcher: typeof fetch = (...a) => globalThis.fetch(...a)) => ({
  get: () => request<SubsonicCredentials>(base, 'GET', fetcher),
  rotateAppPassword: () => request<{ appPassword: string }>(`${base}/app-password`, 'POST', fetcher),
  createApiKey: () => request<NewApiKey>(`${base}/api-keys`, 'POST', fetcher),
  revokeApiKey: (id: string) => request<void>(`${base}/api-keys/${encodeURIComponent(id)}`, 'DELETE', fetcher),
});

export type SubsonicCredentialsApi = ReturnType<typeof subsonicCredentialsApi>;
