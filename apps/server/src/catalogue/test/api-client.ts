import type { App } from '../../app.js';

/** GET through the app in-process; the parsed JSON body with status and headers. */
export async function getJson<T = any>(app: App, path: string, init?: RequestInit): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await app.request(path, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}
