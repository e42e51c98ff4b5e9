// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCatalogueClient } from '../../shared/lib/catalogue-client.js';
import { createQueryClient } from '../../shared/lib/query-client.js';
import { makeSong, makeSongs } from '../../test/songs.js';
import { usePlayerStore } from './player-store.js';
import { requestSongSuggestions, SUGGESTION_LIMIT_KEY } from './song-suggestions.js';
import { loadToasts } from '../../shared/lib/toast.js';

const toasts = vi.hoisted(() => [] as { kind: string; message: string; description?: string }[]);
vi.mock('sonner', () => {
  const record = (kind: string) => (message: string, opts?: { description?: string }) => {
    toasts.push({ kind, message, ...(opts?.description ? { description: opts.description } : {}) });
  };
  return { toast: Object.assign(record('info'), { success: record('success'), error: record('error') }) };
});
// The files after this one in its worker get the real sonner.
afterAll(() => void vi.doUnmock('sonner'));

const initial = usePlayerStore.getState();
const MIN = 60_000;

function deps(answer: () => Response, nowMs = 0, signedIn = false) {
  const urls: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return answer();
  }) as typeof fetch;
  return { urls, deps: { catalogue: createCatalogueClient(['/api'], fetchFn), queryClient: createQueryClient(), signedIn, nowMs } };
}
const ok = (data: unknown) => () => new Response(JSON.stringify({ success: true, data }), { status: 200 });
const ids = () => usePlayerStore.getState().queue.map((s) => s.id);

// Toasts load lazily in the app; here they show at once, so they can be checked right after.
beforeAll(() => loadToasts());
beforeEach(() => {
  toasts.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
});

describe('suggestions button (SPEC#states-suggestions-request, SPEC#validation-suggestions, SPEC#limits-suggestions, SPEC#errors-suggestions)', () => {
  it('makes the queue the current song followed by 10 suggestions not already queued', async () => {
    usePlayerStore.getState().actions.playQueue(makeSongs(3), 0, false);
    const { urls, deps: d } = deps(ok([makeSong(2), makeSong('new0001'), makeSong('new0002')]));
    await requestSongSuggestions(d);
    expect(urls).toEqual(['/api/songs/song0001/suggestions?id=song0001&limit=10']);
    expect(ids()).toEqual(['song0001', 'new0001', 'new0002']);
    expect(toasts).toEqual([{ kind: 'success', message: '2 song(s) added in queue!', description: '0 suggestion(s) remaining' }]);
  });

  it('anonymous: 1 per 10 minutes, then the sign-in prompt', async () => {
    usePlayerStore.getState().actions.playQueue(makeSongs(5), 0, false);
    await requestSongSuggestions(deps(ok([makeSong('x000001')]), 0).deps);
    usePlayerStore.getState().actions.playQueue(makeSongs(5), 1, false);
    const later = deps(ok([makeSong('y000001')]), 10 * MIN - 1);
    await requestSongSuggestions(later.deps);
    expect(later.urls).toEqual([]);
    expect(toasts.at(-1)).toEqual({ kind: 'error', message: 'Login to get more suggestions, try again after 10 mins' });
    const next = deps(ok([makeSong('y000001')]), 10 * MIN);
    await requestSongSuggestions(next.deps);
    expect(next.urls).toHaveLength(1);
  });

  it('signed in: 3 per 5 minutes, then "Rate limit exceeded, try after 5 mins"', async () => {
    for (let i = 0; i < 3; i++) {
      usePlayerStore.getState().actions.playQueue(makeSongs(5), i, false);
      await requestSongSuggestions(deps(ok([makeSong(`s${i}00000`)]), i, true).deps);
    }
    expect(toasts.map((t) => t.description)).toEqual(['2 suggestion(s) remaining', '1 suggestion(s) remaining', '0 suggestion(s) remaining']);
    usePlayerStore.getState().actions.playQueue(makeSongs(5), 3, false);
    const refused = deps(ok([]), 5 * MIN - 1, true);
    await requestSongSuggestions(refused.deps);
    expect(refused.urls).toEqual([]);
    expect(toasts.at(-1)?.message).toBe('Rate limit exceeded, try after 5 mins');
  });

  it('refuses without using an attempt: nothing playing, last or single song, already fetched', async () => {
    await requestSongSuggestions(deps(ok([])).deps);
    expect(toasts.at(-1)?.message).toBe('No song is currently playing');
    usePlayerStore.getState().actions.playQueue(makeSongs(2), 1, false);
    await requestSongSuggestions(deps(ok([])).deps);
    expect(toasts.at(-1)?.message).toBe('Suggestions unavailable');
    expect(localStorage.getItem(SUGGESTION_LIMIT_KEY)).toBeNull();
    usePlayerStore.getState().actions.playQueue(makeSongs(4), 0, false);
    await requestSongSuggestions(deps(ok([makeSong(1)])).deps);
    expect(toasts.at(-1)?.message).toBe('All songs already in queue');
    localStorage.clear();
    await requestSongSuggestions(deps(ok([makeSong('z000001')])).deps);
    expect(toasts.at(-1)?.message).toBe('Suggestions already fetched for this song');
  });

  it("an empty answer is 'No suggestions found'; a failing one 'Failed to fetch suggestions'", async () => {
    usePlayerStore.getState().actions.playQueue(makeSongs(3), 0, false);
    await requestSongSuggestions(deps(ok([])).deps);
    expect(toasts.at(-1)?.message).toBe('No suggestions found');
    localStorage.clear();
    usePlayerStore.getState().actions.playQueue(makeSongs(3), 1, false);
    const failing = deps(() => new Response('{}', { status: 503 }));
    await requestSongSuggestions(failing.deps);
    expect(toasts.at(-1)).toEqual({ kind: 'error', message: 'Failed to fetch suggestions' });
    expect(failing.urls).toHaveLength(3);
    expect(ids()).toHaveLength(3);
  });
});
