// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SongMenuRoot } from '../../app/shell/song-menu-root.js';
import type { FakeBackend } from '../../shared/lib/backend-fake.js';
import { SongRow } from '../../shared/ui/song-row.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { useSessionStore } from '../auth/index.js';
import { findToast } from '../../test/toast.js';
import { isVisible } from '../../test/visible.js';

let fake: FakeBackend;
const ada = { $id: 'u1', name: 'Ada', email: 'a@example.com' };
const song = {
  id: 's1',
  name: 'Elf Land',
  album: { id: 'al1', name: 'The Battle for Wesnoth OST' },
  artists: { primary: [{ id: 'ar1', name: 'Aleksi Aubry-Carlson' }] },
};

beforeEach(() => {
  fake = signInWithFakeBackend(ada);
  fake.docs.Playlist.push({ $id: 'p1', name: 'Mix', userId: 'u1' });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  signOutOfFakeBackend();
  vi.restoreAllMocks();
});

const show = () =>
  renderApp(
    <SongMenuRoot>
      <ul>
        <SongRow song={song} onPlay={() => {}} />
      </ul>
    </SongMenuRoot>,
  );
const rightClick = () => fireEvent.contextMenu(screen.getByRole('button', { name: /^Elf Land/ }));

describe("a song row's menu (right-click, long-press, or More options on desktops)", () => {
  it('adds the song to one of the listener\'s playlists from any row', async () => {
    show();
    rightClick();
    const menu = await screen.findByRole('menu', { name: 'Elf Land' });
    fireEvent.keyDown(await screen.findByRole('menuitem', { name: 'Add to playlist' }), { key: 'ArrowRight' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mix' }));
    expect(await findToast('saved to playlist')).toEqual({ type: 'success', description: null, action: null });
    expect(fake.docs.PlaylistSong).toEqual([expect.objectContaining({ playlistId: 'p1', songId: 's1' })]);
    await waitFor(() => expect(menu.isConnected).toBe(false));
  });

  it('opens from the More options button too', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'More options for Elf Land' }));
    expect(isVisible(await screen.findByRole('menu', { name: 'Elf Land' }))).toBe(true);
  });

  it.each([
    ['Go to album', '/album/al1'],
    ['Go to artist', '/artist/ar1'],
  ])('%s goes to %s', async (item, path) => {
    const { router } = show();
    rightClick();
    fireEvent.click(await screen.findByRole('menuitem', { name: item }));
    expect(router.state.location.pathname).toBe(path);
  });

  it("signed out, Add to playlist says 'Sign in to add to playlist' with Sign in", async () => {
    useSessionStore.setState({ user: null, checked: true });
    const { router } = show();
    rightClick();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add to playlist' }));
    expect(await findToast('Sign in to add to playlist')).toEqual({ type: null, description: null, action: 'Sign in' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('leaves out Go to album and Go to artist when the song names neither (it can still be kept offline: it is looked up when kept)', async () => {
    renderApp(
      <SongMenuRoot>
        <ul>
          <SongRow song={{ id: 's2', name: 'Loose Song' }} onPlay={() => {}} />
        </ul>
      </SongMenuRoot>,
    );
    fireEvent.contextMenu(screen.getByRole('button', { name: /^Loose Song/ }));
    await screen.findByRole('menu', { name: 'Loose Song' });
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent?.trim())).toEqual(['Add to playlist', 'Make available offline']);
  });

  it('rows outside the app shell have no menu and keep the browser\'s own', () => {
    renderApp(
      <ul>
        <SongRow song={song} onPlay={() => {}} />
      </ul>,
    );
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    screen.getByRole('button', { name: /^Elf Land/ }).dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(screen.queryByRole('button', { name: 'More options for Elf Land' })).toBeNull();
  });
});
