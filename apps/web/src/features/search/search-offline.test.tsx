// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import { findToast } from '../../test/toast.js';
import { useCategoryStore } from '../collection/index.js';
import { useOfflineStore } from '../offline/index.js';
import { SearchScreen } from './search-screen.js';

const kept = [makeSong(1, { name: 'Moonlight' }), makeSong(2, { name: 'Rain' })];
const type = (text: string) => fireEvent.change(screen.getByRole('searchbox', { name: 'Search songs, artists, or albums' }), { target: { value: text } });
const failing = async () => new Response('{}', { status: 503 });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useCategoryStore.setState({ category: 'songs', playlistUrl: null });
  useOfflineStore.getState().setIndex({
    songs: Object.fromEntries(kept.map((song) => [song.id, { song, bytes: 1, savedAt: 1 }])),
    collections: { 'album:al1': { kind: 'album', id: 'al1', title: 'Kept', image: null, songIds: kept.map((s) => s.id), savedAt: 1 } },
  });
});
afterEach(() => {
  cleanup();
  act(() => onlineManager.setOnline(true));
});

describe('Search with no network (SPEC: offline)', () => {
  it('finds the songs kept on the device, without asking the server', async () => {
    act(() => onlineManager.setOnline(false));
    const asked: string[] = [];
    renderApp(<SearchScreen />, { path: '/search', fetch: async (input) => (asked.push(String(input)), failing()) });
    type('moon');
    await screen.findByRole('heading', { name: 'Search Results' });
    expect(screen.getAllByText('Moonlight').length).toBeGreaterThan(0);
    expect(screen.queryByText('Rain')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('finds them too when the browser thinks it is online but no server answers, with no message', async () => {
    renderApp(<SearchScreen />, { path: '/search', fetch: async () => { throw new TypeError('Failed to fetch'); } });
    fireEvent.click(screen.getByRole('tab', { name: 'Songs' }));
    type('rain');
    await screen.findByRole('heading', { name: 'Search Results' });
    expect(screen.getAllByText('Rain').length).toBeGreaterThan(0);
    expect(screen.queryByText('Moonlight')).toBeNull();
    expect(screen.queryByText(/Currently the Server is down/)).toBeNull();
  });

  it("says 'No Results Found' when nothing on the device matches (Songs tab)", async () => {
    act(() => onlineManager.setOnline(false));
    renderApp(<SearchScreen />, { path: '/search', fetch: failing });
    fireEvent.click(screen.getByRole('tab', { name: 'Songs' }));
    type('zzz');
    await screen.findByText('No Results Found');
  });

  it('a search that reaches the server and fails still says SPEC’s message', async () => {
    renderApp(<SearchScreen />, { path: '/search', fetch: failing });
    type('moon');
    expect(
      await findToast('Currently the Server is down, Please try after sometime or you can listen to the most recent songs'),
    ).toEqual({ type: 'error', description: null, action: null });
  });
});
