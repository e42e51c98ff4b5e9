import type { Song } from '@lyra/contracts/catalogue';
import { pickSourceUrl, type AudioQuality } from '@lyra/player-core/audio-quality';
import { OFFLINE_CACHE } from '../offline/index.js';

/**
 * The encoded audio of the song that plays next, for decoding ahead (gapless
 * playback): the copy kept on this device when there is one (read from Cache
 * Storage directly, so the blob URL the element may be playing stays valid),
 * else the catalogue's tier at the chosen quality; null offline without a
 * kept copy, or when the address cannot be read (another origin without CORS).
 */
export async function songBytes(
  song: Song,
  opts: { quality: AudioQuality; kept: (id: string) => boolean; online: () => boolean },
): Promise<{ url: string; bytes: ArrayBuffer } | null> {
  if (opts.kept(song.id) && typeof caches !== 'undefined') {
    const key = `/offline-audio/${encodeURIComponent(song.id)}`;
    const res = await (await caches.open(OFFLINE_CACHE)).match(key);
    if (res) return { url: key, bytes: await res.arrayBuffer() };
  }
  if (!opts.online()) return null;
  const url = pickSourceUrl(song.downloadUrl, opts.quality);
  if (!url) return null;
  const res = await fetch(url).catch(() => null);
  if (!res?.ok) return null;
  return { url, bytes: await res.arrayBuffer() };
}
