import type { Song } from '@lyra/contracts/catalogue';
import type { CatalogueClient } from '../../shared/lib/catalogue-client.js';

/** The other device's queue, as songs (its key: the ids in order). */
export const remoteQueueKey = (ids: readonly string[]) => ['devices', 'queue', ids.join(',')] as const;

/** Songs asked of the catalogue at once (`/songs?ids=`). */
const CHUNK = 50;

/** The catalogue's songs of `ids`, in that order; those it does not have are left out. */
export async function fetchSongs(catalogue: CatalogueClient, ids: readonly string[]): Promise<Song[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  const found = await Promise.all(chunks.map((c) => catalogue.get<Song[]>(`/songs?ids=${c.map(encodeURIComponent).join(',')}`).catch(() => [] as Song[])));
  const byId = new Map(found.flat().map((s) => [s.id, s]));
  return ids.map((id) => byId.get(id)).filter((s): s is Song => s !== undefined);
}
