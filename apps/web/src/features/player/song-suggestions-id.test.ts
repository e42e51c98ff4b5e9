// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCatalogueClient } from '../../shared/lib/catalogue-client.js';
import { createQueryClient } from '../../shared/lib/query-client.js';
import { makeSong } from '../../test/songs.js';
import { usePlayerStore } from './player-store.js';
import { requestSongSuggestions, SUGGESTION_LIMIT_KEY } from './song-suggestions.js';
import { loadToasts } from '../../shared/lib/toast.js';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('sonner', () => {
  const record = (message: string) => void toasts.push(message);
  return { toast: Object.assign(record, { success: record, error: record }) };
});
// The files after this one in its worker get the real sonner.
afterAll(() => void vi.doUnmock('sonner'));

const initial = usePlayerStore.getState();
// Toasts load lazily in the app; here they show at once, so they can be checked right after.
beforeAll(() => loadToasts());
beforeEach(() => {
  toasts.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
});

describe('suggestions need a real song id (SPEC#validation-suggestions, SPEC#errors-suggestions)', () => {
  it.each([['null'], ['']])("refuses the id %j with 'No song ID found', asking nothing and using no attempt", async (id) => {
    usePlayerStore.setState({ queue: [makeSong('a', { id }), makeSong('b')], currentIndex: 0 });
    const fetchFn = vi.fn(async () => new Response('{}'));
    await requestSongSuggestions({ catalogue: createCatalogueClient(['/api'], fetchFn), queryClient: createQueryClient(), signedIn: true, nowMs: 0 });
    expect(toasts).toEqual(['No song ID found']);
    expect(fetchFn).not.toHaveBeenCalled();
    expect(localStorage.getItem(SUGGESTION_LIMIT_KEY)).toBeNull();
  });
});
