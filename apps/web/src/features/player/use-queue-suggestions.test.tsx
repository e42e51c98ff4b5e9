// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCatalogueClient } from '../../shared/lib/catalogue-client.js';
import { ServicesProvider } from '../../shared/lib/catalogue-context.js';
import { DEFAULT_CONFIG } from '../../shared/lib/client-config.js';
import { createQueryClient } from '../../shared/lib/query-client.js';
import { makeSong, makeSongs } from '../../test/songs.js';
import { usePlayerStore } from './player-store.js';
import { holdForRoom } from './room-hold.js';
import { useQueueSuggestions } from './use-queue-suggestions.js';

const initial = usePlayerStore.getState();
const ids = () => usePlayerStore.getState().queue.map((s) => s.id);

function setup(answer: (url: string) => Response) {
  const urls: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return answer(String(input));
  }) as typeof fetch;
  const catalogue = createCatalogueClient(['/api'], fetchFn);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider value={{ config: DEFAULT_CONFIG, catalogue }}>
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    </ServicesProvider>
  );
  renderHook(() => useQueueSuggestions(), { wrapper });
  return urls;
}

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('queue suggestions (SPEC#states-player, SPEC#catalogue-api-songs-id-suggestions, SPEC#limits-suggestions)', () => {
  it('within the last two songs, asks for 10 suggestions after 1 s and appends the new ones', async () => {
    act(() => usePlayerStore.getState().actions.playQueue(makeSongs(3), 1, false));
    const urls = setup(() => ok([makeSong(3), makeSong('fresh01'), makeSong('fresh02')]));
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(urls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(urls).toEqual(['/api/songs/song0002/suggestions?id=song0002&limit=10']);
    await act(() => vi.runAllTimersAsync());
    expect(ids()).toEqual(['song0001', 'song0002', 'song0003', 'fresh01', 'fresh02']);
    expect(usePlayerStore.getState().suggestedFor).toBe('song0002');
  });

  it('does not ask in a listening room: the room says what follows', async () => {
    act(() => usePlayerStore.getState().actions.playQueue(makeSongs(2), 1, false));
    holdForRoom(true);
    try {
      const urls = setup(() => ok([makeSong('fresh01')]));
      await act(() => vi.runAllTimersAsync());
      expect(urls).toEqual([]);
      expect(ids()).toEqual(['song0001', 'song0002']);
    } finally {
      holdForRoom(false);
    }
  });

  it('does not ask earlier in the queue, for short ids, or twice for one song', async () => {
    act(() => usePlayerStore.getState().actions.playQueue(makeSongs(5), 1, false));
    const urls = setup(() => ok([]));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    act(() => usePlayerStore.getState().actions.playQueue([makeSong('abc')], 0, false));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    act(() => usePlayerStore.getState().actions.playQueue([makeSong('long01')], 0, false));
    act(() => usePlayerStore.getState().actions.markSuggestedFor('long01'));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(urls).toEqual([]);
  });

  it('skips songs already played this session', async () => {
    act(() => {
      usePlayerStore.getState().actions.notePlayed('played1');
      usePlayerStore.getState().actions.playQueue(makeSongs(1), 0, false);
    });
    setup(() => ok([makeSong('played1'), makeSong('new0001')]));
    await act(() => vi.runAllTimersAsync());
    expect(ids()).toEqual(['song0001', 'new0001']);
  });

  it('a failed fetch leaves the queue as it was', async () => {
    act(() => usePlayerStore.getState().actions.playQueue(makeSongs(1), 0, false));
    const urls = setup(() => new Response('{}', { status: 500 }));
    await act(() => vi.runAllTimersAsync());
    expect(urls.length).toBeGreaterThan(0);
    expect(ids()).toEqual(['song0001']);
  });
});
