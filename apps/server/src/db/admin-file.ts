import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { processAlive } from './process-alive.js';

/**
 * DATA_DIR/admin-token tells the admin CLI that a process holds this data
 * folder's database and how to reach it: its pid, a loopback address and a
 * random token. Mode 0600: only the server's own user can read the token.
 * With the embedded PGlite only one process may open the database, so while
 * this file names a live process the CLI goes through it (or waits) instead
 * of opening the data folder. `url` is null while the server is still
 * starting, and in a process that opened the folder for one admin command.
 */
export interface AdminEndpoint {
  pid: number;
  url: string | null;
  token: string;
}

export const adminFilePath = (dataDir: string) => join(dataDir, 'admin-token');

export const newAdminToken = () => randomBytes(32).toString('base64url');

export async function writeAdminFile(dataDir: string, endpoint: AdminEndpoint): Promise<void> {
  const file = adminFilePath(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  // With DATABASE_URL nothing else may have made the data folder yet.
  await mkdir(dataDir, { recursive: true });
  await writeFile(tmp, JSON.stringify(endpoint) + '\n', { mode: 0o600 });
  await rename(tmp, file);
}

/** Null when there is no file or it is not ours to read (a stale or foreign file is not an error). */
export async function readAdminFile(dataDir: string): Promise<AdminEndpoint | null> {
  try {
    const parsed = JSON.parse(await readFile(adminFilePath(dataDir), 'utf8')) as Partial<AdminEndpoint>;
    const url = parsed.url ?? null;
    if (typeof parsed.pid !== 'number' || (url !== null && typeof url !== 'string') || typeof parsed.token !== 'string') return null;
    return { pid: parsed.pid, url, token: parsed.token };
  } catch {
    return null;
  }
}

/** Removes the file if it still names this server (another instance may have replaced it). */
export async function removeAdminFile(dataDir: string, token: string): Promise<void> {
  const current = await readAdminFile(dataDir);
  if (current?.token === token) await rm(adminFilePath(dataDir), { force: true });
}

/** The endpoint of the live process holding this data folder, or null (no file, or its process is gone). */
export async function liveAdminEndpoint(dataDir: string): Promise<AdminEndpoint | null> {
  const endpoint = await readAdminFile(dataDir);
  return endpoint && processAlive(endpoint.pid) ? endpoint : null;
}
