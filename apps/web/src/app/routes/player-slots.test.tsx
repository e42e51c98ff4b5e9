// @vitest-environment jsdom
import type { Song } from '@lyra/contracts/catalogue';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayerScreen } from '../../features/player/components/player-screen.js';
import { useSessionStore } from '../../features/auth/index.js';
import { usePlayerStore } from '../../features/player/player-store.js';
import { shareLinksKey } from '../../features/shares/use-share-links.js';
import { createQueryClient } from '../../shared/lib/query-client.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { makeSongs } from '../../test/songs.js';
import { findToast } from '../../test/toast.js';
import { usePlayerSlots } from './player-slots.js';

const initialPlayer = usePlayerStore.getState();
const songs = makeSongs(2);

/** The player screen as the player route shows it: with the app layer's slots. */
function Player({ song }: { song: Song }) {
  return <PlayerScreen song={song} onBack={() => {}} slots={usePlayerSlots()} />;
}

/** /subsonic/shares: whether the listener may make links, and the links made; what was asked. */
function stubShares(mayShare: boolean) {
  const asked: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.includes('/subsonic/shares')) return new Response('{}', { status: 503 });
    asked.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (init?.method === 'POST') {
      const link = { id: 'sh9', url: 'http://localhost/share/sh9', description: null, created: new Date().toISOString(), expires: null, maxBitRate: null, visitCount: 0, owner: 'ada@example.com' };
      return Response.json({ ...link, what: { kind: 'song', name: 'x', songCount: 1 } }, { status: 201 });
    }
    return Response.json({ mayShare, shares: [] });
  });
  return asked;
}

const openMore = async () => {
  fireEvent.pointerDown(screen.getByRole('button', { name: 'More options' }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
  return (await screen.findAllByRole('menuitem')).map((i) => i.textContent?.trim());
};

let written: string[];
beforeEach(() => {
  // Radix menus measure their trigger; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  signInWithFakeBackend({ $id: 'u1', name: 'Ada', email: 'ada@example.com' });
  written = [];
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void written.push(t) } });
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
  act(() => usePlayerStore.getState().actions.playQueue(songs, 0, false));
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  signOutOfFakeBackend();
  vi.unstubAllGlobals();
});

describe("the player screen's More options: 'Make a public link'", () => {
  it('makes a public link to the current song with the same dialog as elsewhere', async () => {
    const asked = stubShares(true);
    renderApp(<Player song={songs[0]!} />, { path: '/player/:id', at: `/player/${songs[0]!.id}` });
    await openMore();
    await screen.findByRole('menuitem', { name: 'Make a public link' });
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent?.trim());
    expect(items.slice(0, 6)).toEqual(['Go to album', 'Go to artist', 'Add to playlist', 'Make available offline', 'Share', 'Make a public link']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Make a public link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a public link' });
    within(dialog).getByText(`Anyone with the link can play ${songs[0]!.name}, without an account, and nothing else.`);
    fireEvent.change(within(dialog).getByLabelText('Quality'), { target: { value: '96' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make link' }));
    expect((await findToast('Public link copied to clipboard')).type).toBe('success');
    expect(asked[1]).toEqual({ method: 'POST', url: 'http://localhost:3000/subsonic/shares', body: { id: songs[0]!.id, expires: 'week', maxBitRate: 96 } });
    expect(written).toEqual(['http://localhost/share/sh9']);
    expect((within(dialog).getByLabelText('Public link') as HTMLInputElement).value).toBe('http://localhost/share/sh9');
  });

  it('leaves it out when the server says the listener may not make links', async () => {
    const asked = stubShares(false);
    const queryClient = createQueryClient();
    renderApp(<Player song={songs[0]!} />, { path: '/player/:id', at: `/player/${songs[0]!.id}`, queryClient });
    await waitFor(() => expect(queryClient.getQueryState(shareLinksKey('u1'))?.status).toBe('success'));
    expect(asked).toHaveLength(1);
    const items = await openMore();
    expect(items).toContain('Share');
    expect(items).not.toContain('Make a public link');
  });

  it('leaves it out while nobody is signed in, without asking the server', async () => {
    useSessionStore.setState({ user: null, checked: true });
    const asked = stubShares(true);
    renderApp(<Player song={songs[0]!} />, { path: '/player/:id', at: `/player/${songs[0]!.id}` });
    const items = await openMore();
    expect(items).toContain('Share');
    expect(items).not.toContain('Make a public link');
    expect(asked).toEqual([]);
  });
});
