// @vitest-environment jsdom
import type { Song } from '@lyra/contracts/catalogue';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../auth/index.js';
import { setBackendForTests } from '../../shared/lib/backend.js';
import { createFakeBackend, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { thisDeviceId } from '../../shared/lib/device-id.js';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import { isVisible } from '../../test/visible.js';
import { usePlayerStore } from '../player/index.js';
import { ContinueListening } from './continue-listening.js';

const initialPlayer = usePlayerStore.getState();
const songs = new Map<string, Song>([
  ['s1', makeSong('s1', { name: 'Left Song', duration: 200 })],
  ['s2', makeSong('s2', { name: 'Now Song', duration: 180 })],
]);
/** Song ids the catalogue has answered. */
const answered: string[] = [];
const catalogue = (async (input: RequestInfo | URL) => {
  const id = new URL(String(input), 'http://app').pathname.split('/').pop()!;
  answered.push(id);
  const song = songs.get(id);
  return new Response(JSON.stringify({ success: true, data: song ? [song] : [] }), { status: 200 });
}) as typeof fetch;

let fake: FakeBackend;
beforeEach(() => {
  answered.length = 0;
  sessionStorage.clear();
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
  useSessionStore.setState({ user: { $id: 'u1', name: 'Ada', email: 'ada@example.org' } as never, checked: true });
  fake = createFakeBackend();
  setBackendForTests(fake);
});
afterEach(() => {
  cleanup();
  setBackendForTests(null);
  useSessionStore.setState({ user: null, checked: true });
});

const saved = (deviceId?: string) => {
  fake.prefs = { nowPlaying: { songId: 's1', positionS: 61, savedAt: 5, ...(deviceId ? { deviceId } : {}) } };
};
const playingHere = (id: string) => act(async () => usePlayerStore.setState({ queue: [songs.get(id)!], currentIndex: 0 }));
const card = () => screen.queryByRole('button', { name: 'Continue Left Song from 1:01' });

describe('Continue listening', () => {
  it('offers the place another device saved, while this app plays something else', async () => {
    saved('another-tab');
    await playingHere('s2');
    renderApp(<ContinueListening />, { fetch: catalogue });
    expect(isVisible(await screen.findByRole('button', { name: 'Continue Left Song from 1:01' }))).toBe(true);
  });

  it('offers the place this app saved when nothing plays here (a reload)', async () => {
    saved(thisDeviceId());
    renderApp(<ContinueListening />, { fetch: catalogue });
    expect(isVisible(await screen.findByRole('button', { name: 'Continue Left Song from 1:01' }))).toBe(true);
  });

  it('does not offer back the song this app saved and moved on from', async () => {
    saved(thisDeviceId());
    renderApp(<ContinueListening />, { fetch: catalogue });
    await screen.findByRole('button', { name: 'Continue Left Song from 1:01' });
    await playingHere('s2');
    expect(card()).toBeNull();
  });

  it('does not offer the song that plays here already', async () => {
    saved('another-tab');
    await playingHere('s1');
    renderApp(<ContinueListening />, { fetch: catalogue });
    // Both reads have answered (the saved place, then its song), and still no card.
    await vi.waitFor(() => expect(answered).toContain('s1'));
    await act(async () => {});
    expect(card()).toBeNull();
  });
});
