import { useCallback } from 'react';
import { useClientConfig } from '../../shared/lib/catalogue-context.js';
import type { ClientConfig } from '../../shared/lib/client-config.js';

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
}

type Config = Pick<ClientConfig, 'backendEndpoint' | 'projectId' | 'catalogueHosts'>;

let override: AdminApi | null = null;
let loading: Promise<AdminApi> | null = null;
let loadedFor: Config | null = null;

/** Tests install a double; `null` restores the SDK. */
export function setAdminApiForTests(api: AdminApi | null): void {
  override = api;
  loading = null;
}

export function getAdminApi(config: Config): Promise<AdminApi> {
  if (override) return Promise.resolve(override);
  if (!loading || loadedFor !== config) {
    loadedFor = config;
    loading = import('./admin-sdk.js')
      .then((m) => m.createSdkAdminApi(config))
      .catch((e: unknown) => {
        loading = null;
        throw e;
      });
  }
  return loading;
}

export function useAdminApi(): () => Promise<AdminApi> {
  const config = useClientConfig();
  return useCallback(() => getAdminApi(config), [config]);
}

/** Under 'backend', so sign-out and a change of account drop them (auth/session.ts). */
export const adminKey = ['backend', 'admin'] as const;
