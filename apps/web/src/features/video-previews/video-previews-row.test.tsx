// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import { usePlayerStore } from '../player/index.js';
import { VideoPreviewsRow } from './video-previews-row.js';
import { isVisible } from '../../test/visible.js';

const initialPlayer = usePlayerStore.getState();
const songsHost = (paths: string[] = []) =>
  (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app');
    paths.push(url.pathname + url.search);
    const ids = (url.searchParams.get('ids') ?? '').split(',');
    // 'noimg' has no large cover and must be left out.
    const songs = ids.map((id) => (id === 'noimg' ? makeSong(id, { image: [] }) : makeSong(id, { name: `Clip ${id}` })));
    return new Response(JSON.stringify({ success: true, data: songs }));
  }) as typeof fetch;
const doc = (songId: string) => ({ $id: `d${songId}`, song_id: songId, aws_url: `/videos/${songId}.mp4`, audio_url: null });

beforeEach(() => {
  localStorage.clear();
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Video Previews row (SPEC#home-video-previews, SPEC#validation-video-preview-songs, SPEC#data-calls-video-previews-list, SPEC#limits-video-previews-list)', () => {
  it('lists previewed songs with a video badge, the featured song first; a click plays it and queues the row', async () => {
    const list = vi.fn(async () => [doc('a'), doc('b'), doc('noimg'), doc('feat')]);
    renderApp(<VideoPreviewsRow featuredSongId="feat" list={list} />, { fetch: songsHost() });
    const region = await screen.findByRole('region', { name: 'Video Previews' });
    await within(region).findByText('Clip feat');
    const ids = [...region.querySelectorAll('[data-song-id]')].map((b) => b.getAttribute('data-song-id'));
    expect(ids[0]).toBe('feat');
    expect(ids.slice().sort()).toEqual(['a', 'b', 'feat']);
    expect(within(region).getAllByText('Video')).toHaveLength(3);
    fireEvent.click(within(region).getByRole('button', { name: /Clip b/ }));
    const { queue, currentIndex } = usePlayerStore.getState();
    expect(queue.map((s) => s.id)).toEqual(ids);
    expect(queue[currentIndex]!.id).toBe('b');
  });

  it('caches the preview list for 6 h under version 4.0', async () => {
    const list = vi.fn(async () => [doc('a')]);
    renderApp(<VideoPreviewsRow featuredSongId={null} list={list} />, { fetch: songsHost() });
    await screen.findByText('Clip a');
    const cached = JSON.parse(localStorage.getItem('videoPreviewCache')!);
    expect(cached.version).toBe('4.0');
    expect(cached.expiresAt - cached.timestamp).toBe(6 * 3_600_000);
    cleanup();
    renderApp(<VideoPreviewsRow featuredSongId={null} list={list} />, { fetch: songsHost() });
    await screen.findByText('Clip a');
    expect(list).toHaveBeenCalledTimes(1);
  });

  it("offers 'Retry to load' when there are no previews, and asks again on a tap", async () => {
    const list = vi.fn(async () => [] as unknown[]);
    renderApp(<VideoPreviewsRow featuredSongId="feat" list={list} />, { fetch: songsHost() });
    const retry = await screen.findByRole('button', { name: 'Retry to load' });
    expect(isVisible(screen.getByText('No video previews yet'))).toBe(true);
    list.mockResolvedValueOnce([doc('a')]);
    fireEvent.click(retry);
    expect(isVisible(await screen.findByText('Clip a'))).toBe(true);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it("offers 'Retry to load' when the backend fails (after 2 retries)", async () => {
    const list = vi.fn(async () => Promise.reject(new Error('offline')));
    renderApp(<VideoPreviewsRow featuredSongId={null} list={list} />, { fetch: songsHost() });
    expect(isVisible(await screen.findByRole('button', { name: 'Retry to load' }))).toBe(true);
    expect(isVisible(screen.getByText('Failed to fetch video previews'))).toBe(true);
    expect(screen.queryByText('No video previews yet')).toBeNull();
    expect(list).toHaveBeenCalledTimes(3);
  });
});
