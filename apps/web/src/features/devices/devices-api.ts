import type { DeviceCommand, DeviceList, Playback, Report } from './remote-state.js';

/**
 * The backend's devices API (backend-api.md §12) for the signed-in listener:
 * /v1/devices on the backend's server, authenticated by the session's cookie
 * (or the SDK's fallback header when the backend is on another origin).
 */
export class DevicesRequestError extends Error {
  override name = 'DevicesRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The SDK keeps the session here when cookies cannot cross to the backend's origin. */
const fallbackHeader = (): Record<string, string> => {
  const stored = globalThis.localStorage?.getItem('cookieFallback');
  return stored ? { 'X-Fallback-Cookies': stored } : {};
};

export interface DevicesApi {
  list(): Promise<DeviceList>;
  report(deviceId: string, report: Report): Promise<void>;
  leave(deviceId: string): void;
  command(deviceId: string, command: DeviceCommand): Promise<void>;
  /** "Play on <device>": the listener's playback moves there. */
  playOn(deviceId: string): Promise<Playback>;
  /** Names given to the listener's sessions (Profile's devices list). */
  names(): Promise<{ sessionId: string; name: string }[]>;
  rename(sessionId: string, name: string): Promise<void>;
}

export function devicesApi(backendEndpoint: string, projectId: string, fetcher: typeof fetch = (...a) => globalThis.fetch(...a)): DevicesApi {
  const base = new URL(backendEndpoint.replace(/\/*$/, '/devices'), globalThis.location?.origin ?? 'http://localhost').href;
  const headers = () => ({ 'content-type': 'application/json', 'x-appwrite-project': projectId, ...fallbackHeader() });
  async function request<T>(method: string, path: string, body?: unknown, keepalive = false): Promise<T> {
    const res = await fetcher(base + path, { method, credentials: 'include', headers: headers(), keepalive, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (res.status === 204) return undefined as T;
    const data: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const message = typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' ? data.message : `HTTP ${res.status}`;
      throw new DevicesRequestError(res.status, message);
    }
    return data as T;
  }
  const id = encodeURIComponent;
  return {
    list: () => request<DeviceList>('GET', ''),
    report: (deviceId, report) => request('PUT', `/${id(deviceId)}`, report),
    leave: (deviceId) => void request('DELETE', `/${id(deviceId)}`, undefined, true).catch(() => {}),
    command: (deviceId, command) => request('POST', `/${id(deviceId)}/commands`, command),
    playOn: (deviceId) => request<Playback>('POST', `/${id(deviceId)}/playback`, {}),
    names: async () => (await request<{ names: { sessionId: string; name: string }[] }>('GET', '/names')).names,
    rename: (sessionId, name) => request('PUT', `/names/${id(sessionId)}`, { name }),
  };
}
