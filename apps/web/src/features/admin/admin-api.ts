import { lazyApi } from '../../shared/lib/lazy-api.js';

/**
 * The administration calls (backend-api.md §11 and the catalogue's
 * /api/admin), for the Admin page. Spoken through the official SDK's client
 * (its headers, fallback cookie and errors), loaded on first use
 * (admin-sdk.ts), so none of it is in the first chunk.
 */
export interface AdminDevice {
  $id: string;
  clientName: string;
  osName: string;
  deviceName: string;
  ip: string;
  $updatedAt: string;
}

export interface AdminUser {
  $id: string;
  name: string;
  email: string;
  status: boolean;
  admin: boolean;
  registration: string;
  lastActivity: string;
  devices: AdminDevice[];
}

export interface Invitation {
  $id: string;
  $createdAt: string;
  expire: string;
  maxUses: number;
  used: number;
  state: 'active' | 'used' | 'expired';
  /** Only on the answer that made it. */
  link?: string;
}

export interface ServerInfo {
  version: string;
  database: 'pglite' | 'postgres';
  signUps: 'open' | 'invite' | 'closed';
  access: 'public' | 'private';
  uptimeSeconds: number;
  memory: { rss: number; heapUsed: number };
  realtimeConnections: number;
  musicFolder: string;
}

export interface ScanReport {
  seen: number;
  read: number;
  added: number;
  updated: number;
  removed: number;
  errors: number;
  durationMs: number;
  complete: boolean;
  full: boolean;
}

export interface ScanStatus {
  scanning: boolean;
  tracks: number;
  albums: number;
  artists: number;
  errors: number;
  lastScanAt: string | null;
  /** The running scan so far (null between scans). */
  progress: ScanReport | null;
  lastReport: ScanReport | null;
  watch?: { folders: number; complete: boolean } | null;
}

export interface ScanFailure {
  path: string;
  message: string;
  at: string;
}

export interface Usage {
  files: number;
  bytes: number;
}

export interface Storage {
  ffmpeg: string | null;
  ffprobe: string | null;
  cache: { tiers: (Usage & { kbps: number })[]; images: Usage };
}

export interface VideoQueue {
  queued: number;
  rendering: number;
  done: number;
  failed: number;
  worker: boolean;
}

/** A music library (MUSIC_DIRS) and who may listen to it: everyone, or the accounts listed (and administrators). */
export interface LibraryAccess {
  $id: string;
  name: string;
  folder: string;
  everyone: boolean;
  userIds: string[];
}

export interface AdminApi {
  isAdmin(): Promise<boolean>;
  listUsers(): Promise<AdminUser[]>;
  setBlocked(userId: string, blocked: boolean): Promise<void>;
  setAdmin(userId: string, admin: boolean): Promise<void>;
  deleteUser(userId: string): Promise<void>;
  /** A password-reset link, mailed to the account too when `mail`. */
  resetPassword(userId: string, mail: boolean): Promise<{ link: string; mailed: boolean }>;
  listInvitations(): Promise<Invitation[]>;
  createInvitation(maxUses: number, hours: number): Promise<Invitation & { link: string }>;
  deleteInvitation(id: string): Promise<void>;
  server(): Promise<ServerInfo>;
  scanStatus(): Promise<ScanStatus>;
  scanFailures(): Promise<ScanFailure[]>;
  /** Starts (or joins) a scan; the status once it started. */
  rescan(full: boolean): Promise<ScanStatus>;
  storage(): Promise<Storage>;
  /** Empties the audio and cover caches; what they held. */
  clearCache(): Promise<Usage>;
  videoQueue(): Promise<VideoQueue>;
  listLibraries(): Promise<LibraryAccess[]>;
  /** Opens a library to everyone (`userIds` null) or to these accounts only. */
  setLibraryAccess(libraryId: string, userIds: string[] | null): Promise<LibraryAccess>;
}

const loader = lazyApi<AdminApi, 'backendEndpoint' | 'projectId' | 'catalogueHosts'>((config) => import('./admin-sdk.js').then((m) => m.createSdkAdminApi(config)));

/** Tests install a double; `null` restores the SDK. */
export const setAdminApiForTests = loader.setForTests;
export const getAdminApi = loader.get;
export const useAdminApi = loader.useApi;

/** Under 'backend', so sign-out and a change of account drop them (auth/session.ts). */
export const adminKey = ['backend', 'admin'] as const;
/** Whether the signed-in user is an administrator. */
export const isAdminKey = (userId: string) => [...adminKey, 'is-admin', userId] as const;
/** The Server tab's state. */
export const adminServerKey = [...adminKey, 'server'] as const;
/** The files the last scan (ended at `lastScanAt`) could not read. */
export const scanFailuresKey = (lastScanAt: string) => [...adminKey, 'scan-failures', lastScanAt] as const;
