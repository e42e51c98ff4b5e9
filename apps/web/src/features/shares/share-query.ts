import { queryOptions } from '@tanstack/react-query';
import { CatalogueError, type CatalogueClient } from '../../shared/lib/catalogue-client.js';
import type { Share } from './shared-songs.js';
import { catalogueKey } from '../../shared/lib/catalogue-queries.js';

/** Reads a share from the server that keeps it (the first catalogue host), with the server's message on a refusal. */
async function readShare(base: string, id: string, signal: AbortSignal): Promise<Share> {
  const res = await fetch(`${base}/shares/${encodeURIComponent(id)}`, { signal, headers: { accept: 'application/json' } });
  const body = (await res.json().catch(() => null)) as { success?: boolean; data?: Share; message?: unknown } | null;
  if (res.ok && body?.success && body.data) return body.data;
  throw new CatalogueError(typeof body?.message === 'string' ? body.message : `${res.status} from ${base}`, res.status);
}

/**
 * A share link's songs (GET /api/shares/<id>, catalogue-api.md §8). Each read
 * counts as a visit on the server, and a removed or expired share answers 404
 * or 410 with words the page shows as they are: no retries.
 */
export const shareQuery = (c: CatalogueClient, id: string) =>
  queryOptions({
    queryKey: catalogueKey(c, 'share', id),
    queryFn: ({ signal }) => readShare(c.hosts[0] ?? '/api', id, signal),
    staleTime: Infinity,
    retry: false,
  });
