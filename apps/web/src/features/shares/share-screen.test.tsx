// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { usePlayerStore } from '../player/index.js';
import { isSharePath } from './index.js';
import { ShareScreen } from './share-screen.js';

const answer = (body: unknown, status = 200) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const share = {
  id: 'sh1',
  description: 'For the ferry',
  expires: '2030-06-15T12:00:00.000Z',
  songs: [
    { id: 's1', title: 'Harbour Lights', artist: 'The Gulls', album: 'Harbour', durationS: 201, url: 'http://x/media/s1/128.mp4?share=sh1', image: 'http://x/images/c1/500.jpg?share=sh1' },
    { id: 's2', title: 'Low Tide', artist: 'The Gulls', album: 'Harbour', durationS: 180, url: 'http://x/media/s2/128.mp4?share=sh1', image: 'http://x/images/c1/500.jpg?share=sh1' },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  usePlayerStore.setState({ queue: [], currentIndex: -1, isPlaying: false });
});

describe('Share', () => {
  it('shows the loading text, then the shared songs with the description and expiry, and Play plays them as the queue', async () => {
    let asked = '';
    const fetchFn = async (input: RequestInfo | URL) => {
      asked = String(input);
      return answer({ success: true, data: share })();
    };
    vi.stubGlobal('fetch', fetchFn);
    const { container } = renderApp(<ShareScreen />, { path: '/share/:id', at: '/share/sh1' });
    screen.getByText('Loading shared songs…');
    await screen.findByText('Harbour Lights');
    expect(asked).toBe('/api/shares/sh1');
    screen.getByRole('heading', { name: 'Shared with you' });
    screen.getByText('For the ferry');
    screen.getByText(`Expires ${new Date(share.expires).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`);
    expect(screen.getAllByText('The Gulls')).toHaveLength(2);
    expect(Array.from(container.querySelectorAll('img'), (i) => i.getAttribute('src'))).toEqual([share.songs[0]!.image, share.songs[1]!.image]);

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    const { queue, currentIndex, isPlaying } = usePlayerStore.getState();
    expect(queue.map((s) => [s.id, s.name, s.artists.primary[0]?.name, s.downloadUrl[0]!.url, s.image[0]!.url])).toEqual(
      share.songs.map((s) => [s.id, s.title, s.artist, s.url, s.image]),
    );
    expect([currentIndex, isPlaying]).toEqual([0, true]);

    fireEvent.click(screen.getByRole('button', { name: 'Play Low Tide' }));
    expect(usePlayerStore.getState().currentIndex).toBe(1);
  });

  it("shows the server's words for a removed (404) or expired (410) link, and its own for any other failure", async () => {
    vi.stubGlobal('fetch', answer({ success: false, message: 'This share link does not exist or was removed' }, 404));
    renderApp(<ShareScreen />, { path: '/share/:id', at: '/share/gone' });
    expect((await screen.findByRole('alert')).textContent).toBe('This share link does not exist or was removed');
    cleanup();
    vi.stubGlobal('fetch', answer({ success: false, message: 'This share link has expired' }, 410));
    renderApp(<ShareScreen />, { path: '/share/:id', at: '/share/old' });
    expect((await screen.findByRole('alert')).textContent).toBe('This share link has expired');
    cleanup();
    vi.stubGlobal('fetch', answer({ success: false, message: 'boom' }, 500));
    renderApp(<ShareScreen />, { path: '/share/:id', at: '/share/x' });
    expect((await screen.findByRole('alert')).textContent).toBe('This share could not be loaded.');
  });

  it('names only /share/{id} as a share page', () => {
    for (const p of ['/share/abc', '/share/abc/']) expect(isSharePath(p), p).toBe(true);
    for (const p of ['/share', '/share/', '/share/a/b', '/player/a', '/sharex/a']) expect(isSharePath(p), p).toBe(false);
  });
});
