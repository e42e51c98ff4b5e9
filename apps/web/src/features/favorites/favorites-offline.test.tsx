// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { createQueryClient } from '../../shared/lib/query-client.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { makeSong } from '../../test/songs.js';
import { findToast } from '../../test/toast.js';
import { useOfflineStore } from '../offline/index.js';
import { installFakeOfflineDevice, type FakeOfflineDevice } from '../offline/testing.js';
import { DownloadsSection } from '../offline/ui.js';
import { FavoritesList } from './favorites-list.js';
import { readFailed } from './favorites-cache.js';
import { refreshFavorites, showFavorite } from './favorites-query.js';
import { useFavoritesSync } from './use-favorites-sync.js';
import { useFavoriteIds, useFavoriteToggle } from './use-favorites.js';

let fake: FakeBackend;
let device: FakeOfflineDevice;
const ada = { $id: 'u1', name: 'Ada', email: 'a@example.com' };
const catalogueFetch: typeof fetch = async (input) => {
  const id = decodeURIComponent(/\/songs\/([^/?]+)/.exec(String(input))?.[1] ?? '');
  return new Response(JSON.stringify({ success: true, data: [makeSong(id, { name: `Title ${id}` })] }), { status: 200 });
};

beforeEach(() => {
  fake = signInWithFakeBackend(ada);
  device = installFakeOfflineDevice();
  // Profile → Download quality: Data saver (96 kbps).
  localStorage.setItem('offlineQuality', '96kbps');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  device.restore();
  signOutOfFakeBackend();
  vi.restoreAllMocks();
});

const like = (...ids: string[]) => ids.forEach((songId) => fake.docs.Favorite.push({ $id: `f-${songId}`, userId: 'u1', songId }));
const audio = (...ids: string[]) => ids.map((id) => `https://music.example/media/${id}/96kbps.mp4`);
const kept = () => useOfflineStore.getState().index.collections['favorites:mine']?.songIds;
const keptAudio = () => device.keptAudio();

/** The app shell's background work for favourites, the Favorites screen's first page, a heart per song, and Library → Downloads. */
function Screen({ hearts }: { hearts: string[] }) {
  useFavoritesSync();
  const { ids, isPending } = useFavoriteIds();
  const toggle = useFavoriteToggle();
  return (
    <>
      {hearts.map((id) => (
        <button key={id} type="button" onClick={() => toggle?.(id)}>
          Favourite {id}
        </button>
      ))}
      <FavoritesList total={ids.length} ids={[...ids].reverse().slice(0, 10)} isPending={isPending} onEndReached={undefined} />
      <DownloadsSection />
    </>
  );
}

const show = (hearts: string[] = [], queryClient = createQueryClient()) =>
  renderApp(<Screen hearts={hearts} />, { path: '/favorites', fetch: catalogueFetch, queryClient });

/** Waits for the server to have taken a heart's tap (its change is then no longer laid over later lists). */
const sent = (notice: 'Added to favorites' | 'Removed from favorites') => screen.findByText(notice);

async function keepFavorites() {
  fireEvent.click(await screen.findByRole('button', { name: 'Make available offline' }));
  await screen.findByRole('button', { name: 'Remove download' });
}

describe('Favorites made available offline follow the favourites', () => {
  it('keeps every favourite at the download quality, newest first, also those past the first page', async () => {
    like(...Array.from({ length: 12 }, (_, i) => `s${i + 1}`));
    show();
    await keepFavorites();
    await waitFor(() => expect(keptAudio()).toHaveLength(12));
    expect(kept()).toEqual(Array.from({ length: 12 }, (_, i) => `s${12 - i}`));
    // The first page's download gives way to the whole list's (the song under way then may be asked for twice).
    expect([...new Set(device.fetched)].sort()).toEqual(audio(...Array.from({ length: 12 }, (_, i) => `s${i + 1}`)).sort());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play Favorites (downloaded)' }).textContent).toContain('12 of 12 songs'));
  });

  it('a song favourited on this device is fetched at the download quality; one unfavourited leaves the device', async () => {
    like('s1', 's2');
    show(['s1', 's3']);
    await keepFavorites();
    expect(keptAudio()).toEqual(['s1', 's2']);

    fireEvent.click(screen.getByRole('button', { name: 'Favourite s3' }));
    await waitFor(() => expect(keptAudio()).toEqual(['s1', 's2', 's3']));
    expect(device.fetched).toEqual(audio('s2', 's1', 's3'));
    expect(kept()).toEqual(['s3', 's2', 's1']);

    fireEvent.click(screen.getByRole('button', { name: 'Favourite s1' }));
    await waitFor(() => expect(keptAudio()).toEqual(['s2', 's3']));
    expect(kept()).toEqual(['s3', 's2']);
    expect(Object.keys(useOfflineStore.getState().index.songs).sort()).toEqual(['s2', 's3']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play Favorites (downloaded)' }).textContent).toContain('2 of 2 songs'));
    await sent('Added to favorites');
    await sent('Removed from favorites');
  });

  it('an unfavourited song that an album kept offline also holds stays on the device', async () => {
    like('s1', 's2');
    useOfflineStore.getState().setIndex({
      songs: { s1: { song: makeSong('s1', { name: 'Title s1' }), bytes: 1000, savedAt: 1 } },
      collections: { 'album:a1': { kind: 'album', id: 'a1', title: 'An Album', image: null, songIds: ['s1'], savedAt: 1 } },
    });
    show(['s1']);
    await keepFavorites();
    fireEvent.click(screen.getByRole('button', { name: 'Favourite s1' }));
    await waitFor(() => expect(kept()).toEqual(['s2']));
    expect(Object.keys(useOfflineStore.getState().index.songs).sort()).toEqual(['s1', 's2']);
    expect(keptAudio()).toEqual(['s2']);
    await sent('Removed from favorites');
  });

  it('follows a change made on another device (the realtime event edits the list shown)', async () => {
    like('s1', 's2');
    const queryClient = createQueryClient();
    show([], queryClient);
    await keepFavorites();
    // What a realtime Favorite create, then delete, from another device does here.
    act(() => showFavorite(queryClient, 'u1', 's7', true));
    await waitFor(() => expect(keptAudio()).toEqual(['s1', 's2', 's7']));
    expect(device.fetched.at(-1)).toBe(audio('s7')[0]);
    act(() => showFavorite(queryClient, 'u1', 's2', false));
    await waitFor(() => expect(keptAudio()).toEqual(['s1', 's7']));
    expect(kept()).toEqual(['s7', 's1']);
  });

  it('a song favourited while offline is fetched once the device is back online', async () => {
    like('s1', 's2');
    show(['s3']);
    await keepFavorites();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(screen.getByRole('button', { name: 'Favourite s3' }));
    await waitFor(() => expect(kept()).toEqual(['s3', 's2', 's1']));
    // The new song waits for the network: counted, not fetched.
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Download progress' }).textContent).toBe('0/1'));
    expect(device.fetched).toEqual(audio('s2', 's1'));

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(keptAudio()).toEqual(['s1', 's2', 's3']));
    expect(device.fetched).toEqual(audio('s2', 's1', 's3'));
    await screen.findByRole('button', { name: 'Remove download' });
    await sent('Added to favorites');
  });

  it('nothing is fetched when Favorites are not kept offline', async () => {
    like('s1');
    show(['s3']);
    await screen.findByRole('button', { name: 'Make available offline' });
    fireEvent.click(screen.getByRole('button', { name: 'Favourite s3' }));
    await screen.findByText('Title s3');
    await sent('Added to favorites');
    expect(device.fetched).toEqual([]);
    expect(useOfflineStore.getState().index).toEqual({ songs: {}, collections: {} });
  });
});

describe('a favourite change waiting to be sent again (SPEC#states-favourite-toggle-player)', () => {
  it('stays shown through a later read from the server, and reaches the server once back online', async () => {
    like('s1');
    const queryClient = createQueryClient();
    show(['s3'], queryClient);
    await screen.findByText('Title s1');
    fake.failNext('create', new FakeBackendError('Server Error', 503));
    fireEvent.click(screen.getByRole('button', { name: 'Favourite s3' }));
    expect(await findToast("Couldn't add to favorite. re-open the app")).toEqual({ type: 'error', description: null, action: null });
    expect(readFailed('add')).toEqual(['s3']);

    // What a realtime reconnect does: the list is read from the server again, before the retry.
    expect(await act(() => refreshFavorites(queryClient, fake, 'u1'))).toEqual(['s1', 's3']);
    await screen.findByText('Title s3');

    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(fake.docs.Favorite.map((d) => d.songId)).toEqual(['s1', 's3']));
    await waitFor(() => expect(readFailed('add')).toEqual([]));
    screen.getByText('Title s3');
  });
});
