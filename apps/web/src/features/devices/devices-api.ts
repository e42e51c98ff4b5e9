import { backendApiUrl, SessionRequestError, sessionRequest } from '../../shared/lib/session-request.js';
import type { DeviceCommand, DeviceList, Playback, Report } from './remote-state.js';

/**
 * The backend's devices API (backend-api.md §12) for the signed-in listener:
 * /v1/devices on the backend's server, authenticated by the session's cookie
 * (or the SDK's fallback header when the backend is on another origin).
 */
export class DevicesRequestError extends SessionRequestError {
  override name = 'DevicesRequestError';
}

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
  const base = backendApiUrl(backendEndpoint, '/devices');
  const headers = { 'content-type': 'application/json', 'x-appwrite-project': projectId };
  const fail = (status: number, message: string) => new DevicesRequestError(status, message);
  const request = <T>(method: string, path: string, body?: unknown, keepalive = false): Promise<T> => sessionRequest<T>(fetcher, base + path, { method, headers, body, keepalive }, fail);
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
