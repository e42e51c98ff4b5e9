import type { Song } from '@lyra/contracts/catalogue';
import { pickSourceUrl, type AudioQuality } from '@lyra/player-core/audio-quality';
import { readDownloadQuality } from './download-quality.js';
import { collectionKey, isHeld, withCollection, withoutCollection, withSong, withSongIds, type CollectionKind, type KeptArtist } from './offline-index.js';
import { putAudio, removeAudio } from './offline-audio.js';
import { useOfflineStore } from './offline-store.js';
import { askToKeepStorage } from './persistent-storage.js';

/** The default quality of songs kept offline: good sound, a quarter of the 320 kbps size. */
export { DEFAULT_DOWNLOAD_QUALITY as OFFLINE_QUALITY } from './download-quality.js';

export interface CollectionRef {
  kind: CollectionKind;
  id: string;
  title: string;
  image: string | null;
  /** An album's artists, kept so its page names them offline. */
  artists?: KeptArtist[];
}

/** The fetch under way per collection: how to stop it, and when it has stopped. */
const running = new Map<string, { abort: AbortController; done: Promise<void> }>();
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
 * shared, not fetched again). The first time, asks the browser to keep the
 * storage (persistent-storage.ts). Resume right after Pause waits for the
 * stopped fetch to end, then goes on (unless cancelled meanwhile).
 * Resolves when done, paused or cancelled.
 */
export async function makeAvailableOffline(ref: CollectionRef, songs: readonly Song[], quality: AudioQuality = readDownloadQuality()): Promise<void> {
  const key = collectionKey(ref.kind, ref.id);
  const stopping = running.get(key);
  if (stopping && !stopping.abort.signal.aborted) return;
  if (stopping) {
    await stopping.done;
    if (running.has(key) || !store().jobs[key]) return;
  }
  void askToKeepStorage();
  store().setIndex(withCollection(store().index, { ...ref, songIds: songs.map((s) => s.id), savedAt: Date.now() }));
  await fetchSongs(key, songs, quality);
}

/** Fetches the songs not yet on the device, one at a time, as the collection's download job. */
async function fetchSongs(key: string, songs: readonly Song[], quality: AudioQuality): Promise<void> {
  const abort = new AbortController();
  let stopped = () => {};
  running.set(key, { abort, done: new Promise<void>((resolve) => (stopped = resolve)) });
  const job = { key, total: songs.length, done: 0, state: 'running' as const, songBytes: 0, songTotal: 0 };
  store().setJob(key, job);
  try {
    for (const song of songs) {
      abort.signal.throwIfAborted();
      if (!(song.id in store().index.songs)) {
        const url = pickSourceUrl(song.downloadUrl, quality);
        if (!url) throw new Error(`no address for ${song.name}`);
        const blob = await fetchAudio(url, abort.signal, (b, t) => store().setJob(key, { ...job, songBytes: b, songTotal: t }));
        await putAudio(song.id, blob);
        // Left the collection while it was fetched (removed from a kept playlist): not kept.
        if (isHeld(store().index, song.id)) store().setIndex(withSong(store().index, { song, bytes: blob.size, savedAt: Date.now() }));
        else await removeAudio([song.id]);
      }
      job.done++;
      // Paused or stopped meanwhile: the job's state is not overwritten.
      abort.signal.throwIfAborted();
      store().setJob(key, { ...job, songBytes: 0, songTotal: 0 });
    }
    store().setJob(key, null);
  } catch (e) {
    if (!abort.signal.aborted) store().setJob(key, { ...job, state: 'failed' });
    // Paused: the progress counts every song kept, one written after the tap included.
    else if (store().jobs[key]?.state === 'paused') store().setJob(key, { ...job, state: 'paused', songBytes: 0, songTotal: 0 });
    else store().setJob(key, null);
    if (!abort.signal.aborted) throw e;
  } finally {
    running.delete(key);
    stopped();
  }
}

async function stopFetching(key: string): Promise<void> {
  const run = running.get(key);
  run?.abort.abort();
  await run?.done;
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Resolves once the browser is online (at once when it is). */
function online(): Promise<void> {
  if (typeof window === 'undefined' || navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * A kept collection whose songs changed (a song added to or removed from a
 * kept playlist, a song favourited or unfavourited, here or on another
 * device): the kept list follows at once, a song that left it goes from the
 * device unless another kept collection holds it, and a new one is fetched at
 * the download quality, shown as the collection's download from the start
 * (`songsOf` gives the catalogue data of songs not on the device; it may wait
 * for the network). Offline, the new songs are fetched once the device is
 * back online. A paused or failed download only takes the new list: Resume
 * goes on from there. Nothing happens for a collection that is not kept.
 */
export async function followCollection(key: string, songIds: readonly string[], songsOf: (ids: string[]) => Promise<Song[]>): Promise<void> {
  const kept = store().index.collections[key];
  if (!kept || sameIds(kept.songIds, songIds)) return;
  const { index, orphans } = withSongIds(store().index, key, songIds);
  store().setIndex(index);
  const job = store().jobs[key];
  const resumes = !job || job.state === 'running';
  // A fetch under way works from the old list: it starts again from the new one.
  await stopFetching(key);
  await removeAudio(orphans);
  // Not kept any more, or a newer change (or Resume) took over while the fetch stopped.
  if (!resumes || !sameIds(store().index.collections[key]?.songIds ?? [], songIds) || running.has(key)) return;
  const missing = songIds.filter((id) => !(id in store().index.songs));
  const waiting = { key, total: missing.length, done: 0, state: 'running' as const, songBytes: 0, songTotal: 0 };
  // The download shows from now on (one shown for an older list gives way to it).
  store().setJob(key, missing.length > 0 ? waiting : null);
  if (missing.length === 0) return;
  let found: Map<string, Song>;
  try {
    await online();
    found = new Map((await songsOf(missing)).map((s) => [s.id, s]));
  } catch (e) {
    if (store().jobs[key] === waiting) store().setJob(key, { ...waiting, state: 'failed' });
    throw e;
  }
  // Paused, cancelled, or a newer change (or a removal of the whole collection) took over meanwhile.
  if (store().jobs[key] !== waiting || !sameIds(store().index.collections[key]?.songIds ?? [], songIds) || running.has(key)) {
    if (store().jobs[key] === waiting) store().setJob(key, null);
    return;
  }
  await fetchSongs(key, missing.flatMap((id) => found.get(id) ?? []), readDownloadQuality());
}

/**
 * Stops fetching; the songs kept stay (the part of the song under way is
 * dropped, and no longer counts in the progress), and `makeAvailableOffline`
 * again goes on from there.
 */
export function pauseDownload(key: string): void {
  const job = store().jobs[key];
  if (job) store().setJob(key, { ...job, state: 'paused', songBytes: 0, songTotal: 0 });
  running.get(key)?.abort.abort();
}

/** Stops fetching and forgets the collection, with every song no other collection keeps. */
export async function removeOffline(key: string): Promise<void> {
  running.get(key)?.abort.abort();
  store().setJob(key, null);
  const { index, orphans } = withoutCollection(store().index, key);
  store().setIndex(index);
  await removeAudio(orphans);
}
