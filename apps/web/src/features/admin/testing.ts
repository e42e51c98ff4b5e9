import type { AdminApi, AdminUser, Invitation, LibraryAccess, ScanStatus, ServerInfo, Storage } from './admin-api.js';

/** An in-memory AdminApi for tests: users, invitations, a scan that runs until `finishScan`. */
export function createFakeAdminApi(opts: { admin?: boolean; users?: AdminUser[] } = {}) {
  const users = [...(opts.users ?? [])];
  const invitations: Invitation[] = [];
  let status: ScanStatus = { scanning: false, tracks: 12, albums: 3, artists: 2, errors: 0, lastScanAt: null, progress: null, lastReport: null, watch: null };
  const calls: string[] = [];
  const server: ServerInfo = {
    version: '0.1.0',
    database: 'pglite',
    signUps: 'invite',
    access: 'private',
    uptimeSeconds: 3_720,
    memory: { rss: 80 * 1024 ** 2, heapUsed: 30 * 1024 ** 2 },
    realtimeConnections: 2,
    musicFolder: '/srv/music',
  };
  let storage: Storage = {
    ffmpeg: '/usr/bin/ffmpeg',
    ffprobe: '/usr/bin/ffprobe',
    cache: { tiers: [{ kbps: 160, files: 2, bytes: 5 * 1024 ** 2 }], images: { files: 1, bytes: 1024 ** 2 } },
  };
  const libraries: LibraryAccess[] = [
    { $id: 'music', name: 'Music', folder: '/mnt/music', everyone: true, userIds: [] },
    { $id: 'audiobooks', name: 'Audiobooks', folder: '/mnt/books', everyone: true, userIds: [] },
  ];
  const user = (id: string) => users.find((u) => u.$id === id)!;
  const api: AdminApi = {
    isAdmin: async () => opts.admin ?? true,
    listUsers: async () => users.map((u) => ({ ...u })),
    setBlocked: async (id, blocked) => {
      calls.push(`${blocked ? 'block' : 'unblock'} ${id}`);
      user(id).status = !blocked;
    },
    setAdmin: async (id, admin) => {
      calls.push(`${admin ? 'promote' : 'demote'} ${id}`);
      user(id).admin = admin;
    },
    deleteUser: async (id) => {
      calls.push(`delete ${id}`);
      users.splice(users.indexOf(user(id)), 1);
    },
    resetPassword: async (id, mail) => {
      calls.push(`reset ${id}${mail ? ' mailed' : ''}`);
      return { link: `http://lyra.test/recovery?userId=${id}&secret=s`, mailed: mail };
    },
    listInvitations: async () => invitations.map((i) => ({ ...i })),
    createInvitation: async (maxUses, hours) => {
      calls.push(`invite ${maxUses} ${hours}`);
      const made = { $id: `i${invitations.length + 1}`, $createdAt: '', expire: '2026-12-04T10:00:00.000+00:00', maxUses, used: 0, state: 'active' as const };
      invitations.push(made);
      return { ...made, link: `http://lyra.test/join?invitation=secret${invitations.length}` };
    },
    deleteInvitation: async (id) => {
      invitations.splice(invitations.findIndex((i) => i.$id === id), 1);
    },
    server: async () => server,
    scanStatus: async () => status,
    scanFailures: async () => [{ path: 'Broken/corrupt.mp3', message: 'not an audio file', at: '2026-05-01T10:00:00.000Z' }],
    storage: async () => storage,
    clearCache: async () => {
      calls.push('clear cache');
      const freed = { files: 3, bytes: 6 * 1024 ** 2 };
      storage = { ...storage, cache: { tiers: [], images: { files: 0, bytes: 0 } } };
      return freed;
    },
    listLibraries: async () => libraries.map((l) => ({ ...l, userIds: [...l.userIds] })),
    setLibraryAccess: async (id, userIds) => {
      calls.push(`library ${id}: ${userIds === null ? 'everyone' : userIds.join(',') || 'nobody'}`);
      const library = libraries.find((l) => l.$id === id)!;
      Object.assign(library, { everyone: userIds === null, userIds: userIds ?? [] });
      return { ...library, userIds: [...library.userIds] };
    },
    videoQueue: async () => ({ queued: 2, rendering: 1, done: 5, failed: 1, worker: true }),
    rescan: async (full) => {
      calls.push(full ? 'full rescan' : 'rescan');
      status = { ...status, scanning: true, progress: { seen: 30, read: 30, added: 2, updated: 0, removed: 0, errors: 1, durationMs: 2_500, complete: false, full } };
      return status;
    },
  };
  return {
    api,
    calls,
    finishScan() {
      status = { ...status, scanning: false, progress: null, lastScanAt: new Date().toISOString(), lastReport: { seen: 30, read: 30, added: 2, updated: 0, removed: 0, errors: 1, durationMs: 3_000, complete: true, full: true } };
    },
  };
}
