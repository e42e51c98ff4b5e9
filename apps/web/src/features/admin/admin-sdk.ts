import { Account, Client } from 'appwrite';
import type { AdminApi, AdminUser, Invitation, LibraryAccess, ScanFailure, ScanStatus, ServerInfo, Storage, Usage, VideoQueue } from './admin-api.js';
import type { ClientConfig } from '../../shared/lib/client-config.js';

/** The catalogue's answers: `{success, data}` or `{success:false, message}` (catalogue-api.md §1.2). */
async function catalogue<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(new URL(path, window.location.origin), { ...init, credentials: 'same-origin', headers: { accept: 'application/json', ...headersOf(init) } });
  const body = (await res.json().catch(() => null)) as { success?: boolean; data?: T; message?: string } | null;
  if (!res.ok || !body?.success) throw Object.assign(new Error(body?.message ?? `The server answered ${res.status}`), { code: res.status });
  return body.data as T;
}
const headersOf = (init: RequestInit) => (init.headers ?? {}) as Record<string, string>;

/**
 * AdminApi over the SDK's client (v28): the routes under /v1/admin are Lyra's
 * own, so they go through `client.call`, which sends the session (cookie or
 * fallback header) and turns refusals into AppwriteExceptions. The catalogue's
 * admin API takes the same session's cookie.
 */
export function createSdkAdminApi(config: Pick<ClientConfig, 'backendEndpoint' | 'projectId'>): AdminApi {
  const endpoint = new URL(config.backendEndpoint, window.location.origin).href.replace(/\/+$/, '');
  const client = new Client().setEndpoint(endpoint).setProject(config.projectId);
  const account = new Account(client);
  const call = async <T>(method: string, path: string, body: Record<string, unknown> = {}) =>
    (await client.call(method, new URL(`${endpoint}${path}`), { 'content-type': 'application/json' }, body)) as T;
  const user = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

  return {
    isAdmin: async () => (await account.get()).labels.includes('admin'),
    listUsers: async () => (await call<{ users: AdminUser[] }>('get', '/admin/users')).users,
    listLibraries: async () => (await call<{ libraries: LibraryAccess[] }>('get', '/admin/libraries')).libraries,
    setLibraryAccess: (id, userIds) =>
      call<LibraryAccess>('put', `/admin/libraries/${encodeURIComponent(id)}`, userIds === null ? { everyone: true } : { everyone: false, userIds }),
    setBlocked: async (id, blocked) => void (await call('patch', `${user(id)}/status`, { status: !blocked })),
    setAdmin: async (id, admin) => void (await call('patch', `${user(id)}/admin`, { admin })),
    deleteUser: async (id) => void (await call('delete', user(id))),
    resetPassword: (id, mail) => call('post', `${user(id)}/recovery`, { mail }),
    listInvitations: async () => (await call<{ invitations: Invitation[] }>('get', '/admin/invitations')).invitations,
    createInvitation: (maxUses, hours) => call('post', '/admin/invitations', { maxUses, hours }),
    deleteInvitation: async (id) => void (await call('delete', `/admin/invitations/${encodeURIComponent(id)}`)),
    server: () => call<ServerInfo>('get', '/admin/server'),
    scanStatus: () => catalogue<ScanStatus>('/api/admin/status'),
    scanFailures: () => catalogue<ScanFailure[]>('/api/admin/scan-errors'),
    rescan: (full) => catalogue<ScanStatus>(`/api/admin/rescan?full=${full}`, { method: 'POST' }),
    storage: () => catalogue<Storage>('/api/admin/storage'),
    clearCache: () => catalogue<Usage>('/api/admin/cache', { method: 'DELETE' }),
    videoQueue: () => catalogue<VideoQueue>('/api/admin/video-queue'),
  };
}
