// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { usePlayerStore } from '../player/index.js';
import { RadioScreen } from './radio-screen.js';

const answer = (body: unknown, status = 200) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stations = [
  { id: 'a1', name: 'Coastline Radio', homePageUrl: null, image: 'https://lyra.example.org/api/radio/a1/cover/0a1b2c3d/500.jpg' },
  { id: 'b2', name: 'Night Shift FM', homePageUrl: 'https://radio.example.org/night', image: 'https://lyra.example.org/api/radio/b2/cover/4e5f6a7b/500.jpg' },
];

afterEach(() => {
  cleanup();
  usePlayerStore.setState({ queue: [], currentIndex: -1, isPlaying: false });
});

describe('Radio', () => {
  it("lists the server's stations with their home pages and plays one alone as a live song", async () => {
    renderApp(<RadioScreen />, { path: '/radio', fetch: answer({ success: true, data: stations }) });
    screen.getByRole('heading', { name: 'Radio' });
    await screen.findByRole('button', { name: 'Play Night Shift FM' });
    expect(screen.getByRole('link', { name: 'radio.example.org' }).getAttribute('href')).toBe('https://radio.example.org/night');
    // Each station shows its cover.
    expect([...document.querySelectorAll('li img')].map((img) => img.getAttribute('src'))).toEqual(stations.map((s) => s.image));
    fireEvent.click(screen.getByRole('button', { name: 'Play Night Shift FM' }));
    const { queue, currentIndex, isPlaying } = usePlayerStore.getState();
    expect(queue.map((s) => [s.id, s.name, s.live, s.downloadUrl[0]!.url, s.image[0]!.url])).toEqual([['radio-b2', 'Night Shift FM', true, '/api/radio/b2/stream', stations[1]!.image]]);
    expect([currentIndex, isPlaying]).toEqual([0, true]);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Night Shift FM' }));
    expect(usePlayerStore.getState().isPlaying).toBe(false);
  });

  it('says when there are no stations, and when they cannot be read', async () => {
    renderApp(<RadioScreen />, { path: '/radio', fetch: answer({ success: true, data: [] }) });
    await screen.findByText('No radio stations yet. An administrator adds them from a Subsonic app.');
    cleanup();
    renderApp(<RadioScreen />, { path: '/radio', fetch: answer({ success: false, message: 'route not found' }, 404) });
    await screen.findByText('The stations could not be loaded.');
  });
});
