// @vitest-environment jsdom
import { CATALOGUE_CHANNEL, SONGS_REMOVED_EVENT } from '@lyra/contracts/catalogue-events';
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../auth/index.js';
import { usePlayerStore } from '../player/index.js';
import { setBackendForTests, type BackendDocument, type RealtimeEvent } from '../../shared/lib/backend.js';
import { createFakeBackend, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { createQueryClient } from '../../shared/lib/query-client.js';
import { renderApp } from '../../test/render.js';
import { makeSongs } from '../../test/songs.js';
import { findToast } from '../../test/toast.js';
import { syncedChannels } from './apply-event.js';
import { useRealtimeSync } from './use-realtime-sync.js';

/**
 * Every open app, signed in or not, hears the public `catalogue` channel: songs
 * deleted from the music folder leave the queue with one toast, and the
 * catalogue's lists are read again.
 */
function Sync() {
  useRealtimeSync();
  return null;
}

const removed = (ids: unknown, events = [SONGS_REMOVED_EVENT]): RealtimeEvent => ({
  events,
  channels: [CATALOGUE_CHANNEL],
  payload: { removed: ids } as unknown as BackendDocument,
});
const initialPlayer = usePlayerStore.getState();
const queueIds = () => usePlayerStore.getState().queue.map((s) => s.id);
const currentId = () => usePlayerStore.getState().queue[usePlayerStore.getState().currentIndex]?.id;
const albumKey = ['catalogue', '/api', 'album', 'al1'];

let fake: FakeBackend;
let qc: QueryClient;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fake = createFakeBackend();
  setBackendForTests(fake);
  useSessionStore.setState({ user: null, checked: true });
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
  qc = createQueryClient();
});
afterEach(() => {
  cleanup();
  setBackendForTests(null);
  toast.dismiss();
});

describe('songs deleted from the library, heard over realtime', () => {
  it('a guest’s app listens to the catalogue: queued songs that left leave the queue with one toast, and lists are read again', async () => {
    act(() => usePlayerStore.getState().actions.playQueue(makeSongs(4), 1));
    qc.setQueryData(albumKey, { id: 'al1', songs: makeSongs(4) });
    renderApp(<Sync />, { queryClient: qc });
    await vi.waitFor(() => expect(fake.subscribedChannels()).toEqual([[CATALOGUE_CHANNEL]]), { timeout: 10_000 });

    act(() => fake.publish(removed(['song0002', 'song0003', 'not-queued'])));
    expect(queueIds()).toEqual(['song0001', 'song0004']);
    expect(currentId()).toBe('song0004');
    expect(await findToast('2 songs are no longer in the library')).toEqual({ type: null, description: null, action: null });
    expect(qc.getQueryState(albumKey)?.isInvalidated).toBe(true);

    act(() => fake.publish(removed(['song0001'])));
    await findToast('“Song 1” is no longer in the library');
    expect(queueIds()).toEqual(['song0004']);
  });

  it('says nothing when none of the songs is queued, and ignores what is not a removal', async () => {
    act(() => usePlayerStore.getState().actions.playQueue(makeSongs(2), 0));
    renderApp(<Sync />, { queryClient: qc });
    await vi.waitFor(() => expect(fake.subscribedChannels()).toHaveLength(1), { timeout: 10_000 });
    act(() => {
      fake.publish(removed(['elsewhere']));
      fake.publish(removed(['song0001'], ['catalogue.songs.update']));
      fake.publish(removed('song0001'));
    });
    expect(queueIds()).toEqual(['song0001', 'song0002']);
    // A toast shown later is the first one: none came from the events above.
    act(() => fake.publish(removed(['song0002'])));
    await findToast('“Song 2” is no longer in the library');
    expect(screen.getAllByText(/no longer in the library/)).toHaveLength(1);
  });

  it('a signed-in app hears the catalogue and its account on one subscription; signing out keeps the catalogue', async () => {
    useSessionStore.setState({ user: { $id: 'u1', name: 'Ada' }, checked: true });
    renderApp(<Sync />, { queryClient: qc });
    await vi.waitFor(() => expect(fake.subscribedChannels()).toEqual([[CATALOGUE_CHANNEL, ...syncedChannels()]]), { timeout: 10_000 });
    act(() => useSessionStore.getState().setUser(null));
    await vi.waitFor(() => expect(fake.subscribedChannels()).toEqual([[CATALOGUE_CHANNEL]]), { timeout: 10_000 });
  });

  it('waits until the page knows who is signed in', async () => {
    useSessionStore.setState({ user: null, checked: false });
    const subscribe = vi.spyOn(fake, 'subscribe');
    renderApp(<Sync />, { queryClient: qc });
    act(() => useSessionStore.getState().setUser(null));
    await vi.waitFor(() => expect(fake.subscribedChannels()).toEqual([[CATALOGUE_CHANNEL]]), { timeout: 10_000 });
    // One subscription, made once the page knew: none was begun before (it would have come first).
    expect(subscribe).toHaveBeenCalledTimes(1);
  });
});
