// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import { findToast } from '../../test/toast.js';
import { makeAvailableOffline } from '../offline/index.js';
import { installFakeOfflineDevice, type FakeOfflineDevice } from '../offline/testing.js';
import { startPlayer } from './player-runtime.js';
import { usePlayerStore } from './player-store.js';

/**
 * The player as the app starts it (one audio element, its engine, songs kept
 * offline played from the device): offline, the queue skips the songs that
 * are not downloaded, and says so.
 */
const initial = usePlayerStore.getState();
const queue = [makeSong('s1', { name: 'Rock &amp; Roll' }), makeSong('s2'), makeSong('s3', { name: 'Kept Song' }), makeSong('s4')];
const SKIPPED = 'Not downloaded, skipped offline: Rock & Roll';
let device: FakeOfflineDevice;
let online: boolean;
let element: HTMLAudioElement;

beforeAll(() => {
  // jsdom plays no media: the element takes its address and says nothing more.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:kept-audio', configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true });
  startPlayer();
  element = document.querySelector('audio')!;
});
afterAll(() => vi.restoreAllMocks());

beforeEach(async () => {
  localStorage.clear();
  online = true;
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
  device = installFakeOfflineDevice();
  await makeAvailableOffline({ kind: 'song', id: 's3', title: 'Kept Song', image: null }, [queue[2]!]);
  renderApp(<p>app</p>);
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  device.restore();
});

const current = () => usePlayerStore.getState().queue[usePlayerStore.getState().currentIndex]?.id;

describe('offline, a song in the queue that is not downloaded', () => {
  it('is skipped for the next downloaded song, with a toast naming it', async () => {
    online = false;
    act(() => usePlayerStore.getState().actions.playQueue(queue, 0));
    const shown = await findToast(SKIPPED);
    expect(shown.type).toBeNull();
    expect(current()).toBe('s3');
    await vi.waitFor(() => expect(element.src).toBe('blob:kept-audio'), { timeout: 10_000 });
    expect(screen.getAllByText(/^Not downloaded/)).toHaveLength(1);
  });

  it('online, plays from the network, with no toast', async () => {
    act(() => usePlayerStore.getState().actions.playQueue(queue, 0));
    await vi.waitFor(() => expect(element.src).toBe('https://music.example/media/s1/320kbps.mp4'), { timeout: 10_000 });
    expect(current()).toBe('s1');
    expect(screen.queryByText(/^Not downloaded/)).toBeNull();
  });

  it('with no downloaded song after it, is not skipped and no toast says so', async () => {
    online = false;
    act(() => usePlayerStore.getState().actions.playQueue(queue, 3));
    await vi.waitFor(() => expect(element.src).toBe('https://music.example/media/s4/320kbps.mp4'), { timeout: 10_000 });
    expect(current()).toBe('s4');
    expect(screen.queryByText(/^Not downloaded/)).toBeNull();
  });
});
