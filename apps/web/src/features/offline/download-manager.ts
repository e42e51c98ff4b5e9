import type { Song } from '@lyra/contracts/catalogue';
import { pickSourceUrl, type AudioQuality } from '@lyra/player-core/audio-quality';
import { readDownloadQuality } from './download-quality.js';
import { collectionKey, withCollection, withoutCollection, withSong, type CollectionKind } from './offline-index.js';
import { putAudio, removeAudio } from './offline-audio.js';
import { useOfflineStore } from './offline-store.js';

/** The default quality of songs kept offline: good sound, a quarter of the 320 kbps size. */
export { DEFAULT_DOWNLOAD_QUALITY as OFFLINE_QUALITY } from './download-quality.js';

export interface CollectionRef {
  kind: CollectionKind;
  id: string;
  title: string;
  image: string | null;
}

const running = new Map<string, AbortController>();
const store = () => useOfflineStore.getState();

/** Fetches one song's audio, reporting bytes as they arrive. */
async function fetchAudio(url: string, signal: AbortSignal, onBytes: (done: number, total: number) => void): Promise<Blob> {
  const res = await fetch(url, { signal });
  if (!res.ok || !res.body) throw new Error(`the server answered ${res.status}`);
  const total = Number(res.headers.get('content-length') ?? 0);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let done = 0;
  for (;;) {
    const { value, done: end } = await reader.read();
    if (end) break;
    parts.push(value);
    done += value.length;
    onBytes(done, total);
  }
  return new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? 'audio/mp4' });
}

/**
 * Makes a collection available offline: remembers it, then fetches its songs
 * one at a time at `quality` (the listener's download quality unless given) into the offline cache (songs already kept are
 * shared, not fetched again). Asks the browser to keep the storage.
 * Resolves when done, paused or cancelled.
 */
export async function makeAvailableOffline(ref: CollectionRef, songs: readonly Song[], quality: AudioQuality = readDownloadQuality()): Promise<void> {
  const key = collectionKey(ref.kind, ref.id);
  if (running.has(key)) return;
  void navigator.storage?.persist?.().catch(() => false);
  store().setIndex(withCollection(store().index, { ...ref, songIds: songs.map((s) => s.id), savedAt: Date.now() }));
  const abort = new AbortController();
  running.set(key, abort);
  const job = { key, total: songs.length, done: 0, state: 'running' as const, songBytes: 0, songTotal: 0 };
  store().setJob(key, job);
  try {
    for (const song of songs) {
      if (abort.signal.aborted) return;
      if (!(song.id in store().index.songs)) {
        const url = pickSourceUrl(song.downloadUrl, quality);
        if (!url) throw new Error(`no address for ${song.name}`);
        const blob = await fetchAudio(url, abort.signal, (b, t) => store().setJob(key, { ...job, songBytes: b, songTotal: t }));
        await putAudio(song.id, blob);
        store().setIndex(withSong(store().index, { song, bytes: blob.size, savedAt: Date.now() }));
      }
      job.done++;
      store().setJob(key, { ...job, songBytes: 0, songTotal: 0 });
    }
    store().setJob(key, null);
  } catch (e) {
    if (!abort.signal.aborted) store().setJob(key, { ...job, state: 'failed' });
    else if (store().jobs[key]?.state !== 'paused') store().setJob(key, null);
    if (!abort.signal.aborted) throw e;
  } finally {
    running.delete(key);
  }
}

/** Stops fetching; what is kept stays, and `makeAvailableOffline` again goes on from there. */
export function pauseDownload(key: string): void {
  const job = store().jobs[key];
  if (job) store().setJob(key, { ...job, state: 'paused' });
  running.get(key)?.abort();
}

/** Stops fetching and forgets the collection, with every song no other collection keeps. */
export async function removeOffline(key: string): Promise<void> {
  running.get(key)?.abort();
  store().setJob(key, null);
  const { index, orphans } = withoutCollection(store().index, key);
  store().setIndex(index);
  await removeAudio(orphans);
}
