import { request } from 'node:http';
import type { PreviewDoc } from '../documents/video-documents.js';
import type { VideoModule } from '../module.js';
import type { AdminEndpoint } from '../../db/admin-file.js';

/** What the CLI can ask for, whether of a running server or of the data folder directly. */
export interface AdminTarget {
  add(songId: string, file: string): Promise<PreviewDoc>;
  render(songId: string): Promise<PreviewDoc>;
  list(): Promise<PreviewDoc[]>;
  /** False when the song had no preview. */
  remove(songId: string): Promise<boolean>;
}

/** A failure the CLI prints as one line and exits 1 on. */
export class AdminError extends Error {
  override name = 'AdminError';
}

/** The server is not there (refused or reset): the admin file is stale. */
export class Unreachable extends Error {
  override name = 'Unreachable';
}

/** AdminTarget over the module's own services (direct mode and the tests). */
export const previewsTarget = (video: Pick<VideoModule, 'previews'>): AdminTarget => ({
  add: (songId, file) => video.previews.attachVideo(songId, file),
  render: (songId) => video.previews.renderSong(songId),
  list: () => video.previews.list(),
  remove: (songId) => video.previews.remove(songId),
});

/**
 * Calls the running server's admin routes. node:http rather than fetch:
 * fetch gives up waiting for headers after 5 minutes, and attaching a long
 * video can take longer.
 */
export function remoteTarget(endpoint: AdminEndpoint & { url: string }): AdminTarget {
  const call = <T>(method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; json: T & { error?: string } }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        new URL(path, endpoint.url),
        {
          method,
          headers: {
            authorization: `Bearer ${endpoint.token}`,
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
            } catch {
              reject(new AdminError(`the server answered ${res.statusCode} without JSON`));
            }
          });
        },
      );
      req.on('error', (e: NodeJS.ErrnoException) =>
        reject(e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET' ? new Unreachable(e.message) : e),
      );
      req.end(payload);
    });
  const ok = async <T>(p: Promise<{ status: number; json: T & { error?: string } }>): Promise<T> => {
    const { status, json } = await p;
    if (status >= 400) throw new AdminError(json.error ?? `the server answered ${status}`);
    return json;
  };
  const path = (songId: string) => `/admin/videos/${encodeURIComponent(songId)}`;
  return {
    add: async (songId, file) => (await ok(call<{ preview: PreviewDoc }>('PUT', path(songId), { file }))).preview,
    render: async (songId) => (await ok(call<{ preview: PreviewDoc }>('POST', `${path(songId)}/render`))).preview,
    list: async () => (await ok(call<{ previews: PreviewDoc[] }>('GET', '/admin/videos'))).previews,
    async remove(songId) {
      const { status, json } = await call<{ removed?: boolean }>('DELETE', path(songId));
      if (status === 404) return false;
      if (status >= 400) throw new AdminError(json.error ?? `the server answered ${status}`);
      return true;
    },
  };
}
