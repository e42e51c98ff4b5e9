// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBackendForTests } from '../../shared/lib/backend.js';
import { createFakeBackend, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { makeSong, makeSongs } from '../../test/songs.js';
import { useSessionStore } from '../auth/index.js';
import { TransportControls } from '../player/ui.js';
import * as runtime from '../player/index.js';
import { usePlayerStore } from '../player/index.js';
import { useFlame } from './use-flame.js';
import { VideoCover } from './video-cover.js';
import { useVideoModeStore } from './video-mode-store.js';
import { findToast } from '../../test/toast.js';
import { isVisible } from '../../test/visible.js';

let fake: FakeBackend;
const ada = { $id: 'u1', name: 'Ada', email: 'a@example.com' };
const initialPlayer = usePlayerStore.getState();
const song = makeSong('s1');
const swapSource = vi.fn();

beforeEach(() => {
  localStorage.clear();
  fake = createFakeBackend({ user: ada });
  fake.docs.VideoPreview.push({ $id: 'v1', song_id: 's1', aws_url: 'http://h/videos/s1/preview.mp4', audio_url: 'http://h/media/s1/160kbps.m4a' });
  setBackendForTests(fake);
  useSessionStore.setState({ user: ada, checked: true });
  useVideoModeStore.setState({ videoFor: null });
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
  swapSource.mockReset();
  vi.spyOn(runtime, 'playerEngine').mockReturnValue({ swapSource, positionS: () => 0 } as unknown as ReturnType<typeof runtime.playerEngine>);
  // jsdom has no media playback.
  window.HTMLMediaElement.prototype.play = async () => {};
  window.HTMLMediaElement.prototype.pause = () => {};
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  setBackendForTests(null);
  vi.restoreAllMocks();
});

const cover = () => renderApp(<VideoCover song={song}><img alt="Cover" /></VideoCover>);

describe('video mode in the player (SPEC#player-full-screen-blurred, SPEC#states-video-mode)', () => {
  it("'Switch to video' moves the sound to the preview's audio and shows the muted looping video; 'Switch to image' goes back", async () => {
    cover();
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to video' }));
    expect(swapSource).toHaveBeenCalledWith('http://h/media/s1/160kbps.m4a');
    const video = screen.getByTestId('video-preview') as HTMLVideoElement;
    expect([video.muted, video.loop, video.getAttribute('src')]).toEqual([true, true, 'http://h/videos/s1/preview.mp4']);
    expect(isVisible(screen.getByRole('img', { name: 'Loading video' }))).toBe(true);
    fireEvent.loadedData(video);
    expect(screen.queryByRole('img', { name: 'Loading video' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to image' }));
    expect(isVisible(screen.getByRole('img', { name: 'Cover' }))).toBe(true);
    expect(swapSource).toHaveBeenCalledTimes(1);
  });

  it('turns off when the song changes, and stays off on coming back', async () => {
    act(() => usePlayerStore.getState().actions.playQueue([song, ...makeSongs(1)], 0, false));
    cover();
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to video' }));
    expect(useVideoModeStore.getState().videoFor).toBe('s1');
    act(() => usePlayerStore.getState().actions.next());
    expect(useVideoModeStore.getState().videoFor).toBeNull();
    act(() => usePlayerStore.getState().actions.previous());
    expect(isVisible(screen.getByRole('button', { name: 'Switch to video' }))).toBe(true);
  });

  it("signed out: 'Sign in for video previews'", async () => {
    useSessionStore.setState({ user: null, checked: true });
    cover();
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to video' }));
    expect(await findToast('Sign in for video previews')).toEqual({ type: null, description: null, action: 'Sign in' });
    expect(swapSource).not.toHaveBeenCalled();
  });

  it('offers nothing for a song without a preview, or a preview without audio', async () => {
    fake.docs.VideoPreview[0]!.audio_url = null;
    cover();
    await waitFor(() => expect(fake.calls.length).toBe(1));
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Switch to video' })).toBeNull();
  });

  it('the featured song shows a flame on the pause icon while its video plays', async () => {
    const rows = { success: true, data: { featuredSongId: 's1', rows: [] } };
    const fetchRows: typeof fetch = async () => new Response(JSON.stringify(rows), { status: 200 });
    act(() => usePlayerStore.getState().actions.playQueue([song, ...makeSongs(1)], 0, true));
    const Flamed = () => <TransportControls flame={useFlame()} />;
    renderApp(<Flamed />, { fetch: fetchRows });
    expect(screen.queryByTestId('flame')).toBeNull();
    act(() => useVideoModeStore.getState().setVideoFor('s1'));
    expect(isVisible(await screen.findByTestId('flame'))).toBe(true);
    act(() => usePlayerStore.getState().actions.setPlaying(false));
    expect(screen.queryByTestId('flame')).toBeNull();
  });
});
