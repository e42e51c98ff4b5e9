// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import { DownloadsSection } from './downloads-section.js';
import { useFakeOfflineDevice } from './offline-device-rig.js';
import type { OfflineIndex } from './offline-index.js';
import { useOfflineStore } from './offline-store.js';

const device = useFakeOfflineDevice();

/** The browser's StorageManager as far as this device has one. */
function browserStorage(manager: Partial<StorageManager>) {
  Object.defineProperty(navigator, 'storage', { value: manager, configurable: true });
}

// A 3-minute song at 160 kbps is 3.6 MB (Profile's hint: about 1.2 MB a minute).
const SONG_BYTES = 3_600_000;
const song = (id: string) => ({ song: makeSong(id), bytes: SONG_BYTES, savedAt: 1 });
/** An album of two songs, all on the device, and a playlist sharing one of them whose second song is still to come. */
const keptIndex = (): OfflineIndex => ({
  songs: { s1: song('s1'), s2: song('s2') },
  collections: {
    'album:a1': { kind: 'album', id: 'a1', title: 'An Album', image: null, songIds: ['s1', 's2'], savedAt: 1 },
    'playlist:p1': { kind: 'playlist', id: 'p1', title: 'A Playlist', image: null, songIds: ['s2', 's3'], savedAt: 2 },
  },
});
const row = (title: string) => screen.getByRole('button', { name: `Play ${title} (downloaded)` }).textContent;
const summary = () => screen.getByText(/of music on this device/).textContent;

describe("Library's Downloads: sizes and the browser's storage", () => {
  it("shows the music on this device, the app's share of the storage as a bar, and each collection's songs and size", async () => {
    const estimate = vi.fn(async () => ({ usage: 600_000_000, quota: 2_400_000_000 }));
    browserStorage({ estimate });
    useOfflineStore.getState().setIndex(keptIndex());
    renderApp(<DownloadsSection />);

    // Newest first; a song two collections hold counts in each, and once on the device.
    expect(screen.getAllByRole('button', { name: /\(downloaded\)$/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Play A Playlist (downloaded)',
      'Play An Album (downloaded)',
    ]);
    expect(row('An Album')).toContain('2 of 2 songs · 7.2 MB');
    expect(row('A Playlist')).toContain('1 of 2 songs · 3.6 MB');
    const bar = await screen.findByRole('meter', { name: 'Storage used' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(summary()).toBe('7.2 MB of music on this device · 600 MB of 2.4 GB used by the app');
  });

  it('asks the browser again as songs come and go', async () => {
    const estimate = vi.fn(async () => ({ usage: 600_000_000, quota: 2_400_000_000 }));
    browserStorage({ estimate });
    useOfflineStore.getState().setIndex(keptIndex());
    renderApp(<DownloadsSection />);
    await screen.findByRole('meter', { name: 'Storage used' });
    estimate.mockResolvedValue({ usage: 300_000_000, quota: 2_400_000_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove An Album from this device' }));
    await waitFor(() => expect(summary()).toBe('3.6 MB of music on this device · 300 MB of 2.4 GB used by the app'));
    expect(screen.getByRole('meter', { name: 'Storage used' }).getAttribute('aria-valuenow')).toBe('13');
    expect(screen.queryByRole('button', { name: 'Play An Album (downloaded)' })).toBeNull();
    expect(device().keptAudio()).toEqual([]);
  });

  it('in a browser without storage.estimate, shows the sizes without the bar', async () => {
    browserStorage({});
    useOfflineStore.getState().setIndex(keptIndex());
    renderApp(<DownloadsSection />);
    await act(() => Promise.resolve());
    expect(summary()).toBe('7.2 MB of music on this device');
    expect(row('An Album')).toContain('2 of 2 songs · 7.2 MB');
    expect(screen.queryByRole('meter')).toBeNull();
  });

  it('when the browser does not answer the estimate, shows the sizes without the bar', async () => {
    browserStorage({ estimate: () => Promise.reject(new DOMException('no', 'UnknownError')) });
    useOfflineStore.getState().setIndex(keptIndex());
    renderApp(<DownloadsSection />);
    await act(() => Promise.resolve());
    expect(summary()).toBe('7.2 MB of music on this device');
    expect(screen.queryByRole('meter')).toBeNull();
  });

  it('shows nothing while nothing is kept', () => {
    browserStorage({ estimate: async () => ({ usage: 0, quota: 1 }) });
    const { container } = renderApp(<DownloadsSection />);
    expect(container.textContent).toBe('');
  });
});
