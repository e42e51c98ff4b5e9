/**
 * The audio of songs kept for offline listening, in Cache Storage under
 * `/offline-audio/<songId>`, and played from there through a blob URL (which
 * seeks anywhere without the network or the service worker).
 */
export const OFFLINE_CACHE = 'lyra-offline-audio';
const keyOf = (songId: string) => `/offline-audio/${encodeURIComponent(songId)}`;

const cacheStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

export async function putAudio(songId: string, blob: Blob): Promise<void> {
  const store = cacheStorage();
  if (!store) throw new Error('this browser cannot keep songs offline');
  const cache = await store.open(OFFLINE_CACHE);
  await cache.put(keyOf(songId), new Response(blob, { headers: { 'content-type': blob.type || 'audio/mp4', 'content-length': String(blob.size) } }));
}

export async function hasAudio(songId: string): Promise<boolean> {
  const cache = await cacheStorage()?.open(OFFLINE_CACHE);
  return !!(await cache?.match(keyOf(songId)));
}

export async function removeAudio(songIds: readonly string[]): Promise<void> {
  const cache = await cacheStorage()?.open(OFFLINE_CACHE);
  if (cache) await Promise.all(songIds.map((id) => cache.delete(keyOf(id))));
}

let current: string | null = null;

/** A blob URL of the song's kept audio (the previous one is released); null when it is not kept. */
export async function audioUrl(songId: string): Promise<string | null> {
  const cache = await cacheStorage()?.open(OFFLINE_CACHE);
  const res = await cache?.match(keyOf(songId));
  if (!res) return null;
  const url = URL.createObjectURL(await res.blob());
  if (current) URL.revokeObjectURL(current);
  current = url;
  return url;
}
