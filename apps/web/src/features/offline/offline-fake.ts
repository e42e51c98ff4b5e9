import { emptyIndex } from './offline-index.js';
import { useOfflineStore } from './offline-store.js';

/** Bytes of every song the fake network serves. */
export const FAKE_SONG_BYTES = 1000;

export interface FakeOfflineDevice {
  /** The audio addresses fetched, in order. */
  fetched: string[];
  /** The song ids whose audio is in Cache Storage. */
  keptAudio(): string[];
  /** When true, the network does not answer (fetch fails as a browser's does). */
  offline: boolean;
  /** Puts back the real `caches` and `fetch`. */
  restore(): void;
}

/**
 * A device for tests of keeping songs offline: an empty offline index, an
 * in-memory Cache Storage, and a network that answers any audio address with
 * FAKE_SONG_BYTES bytes. Call `restore()` after the test.
 */
export function installFakeOfflineDevice(): FakeOfflineDevice {
  const entries = new Map<string, Response>();
  const cache = {
    put: async (key: RequestInfo | URL, res: Response) => void entries.set(String(key), res),
    match: async (key: RequestInfo | URL) => entries.get(String(key)),
    delete: async (key: RequestInfo | URL) => entries.delete(String(key)),
  };
  const g = globalThis as { caches?: unknown; fetch: typeof fetch };
  const before = { caches: g.caches, fetch: g.fetch };
  const device: FakeOfflineDevice = {
    fetched: [],
    offline: false,
    keptAudio: () => [...entries.keys()].map((k) => decodeURIComponent(k.replace('/offline-audio/', ''))).sort(),
    restore() {
      g.caches = before.caches;
      g.fetch = before.fetch;
      useOfflineStore.setState({ index: emptyIndex(), jobs: {} });
    },
  };
  g.caches = { open: async () => cache };
  g.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    // Only audio is this device's to answer; anything else the screens ask for (their other reads) is not found.
    if (!url.includes('/media/')) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    device.fetched.push(url);
    await Promise.resolve();
    init?.signal?.throwIfAborted();
    if (device.offline) throw new TypeError('Failed to fetch');
    return new Response(new Uint8Array(FAKE_SONG_BYTES), { headers: { 'content-type': 'audio/mp4', 'content-length': String(FAKE_SONG_BYTES) } });
  };
  useOfflineStore.setState({ index: emptyIndex(), jobs: {} });
  return device;
}
