// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { RoomScreen } from './room-screen.js';
import { NO_ROOM, useRoomStore } from './room-store.js';
import type { Room } from './rooms-api.js';

const ID = 'b'.repeat(32);
const room: Room = {
  $id: ID,
  link: `/room/${ID}`,
  hostName: 'Ada',
  ended: false,
  queue: [
    { $id: 'e1', songId: 's1', durationMs: 200_000, addedBy: { $id: 'm1', name: 'Ada' } },
    { $id: 'e2', songId: 's2', durationMs: 180_000, addedBy: { $id: 'm2', name: 'Zoe' } },
  ],
  current: { entryId: 'e1', startedAt: 1_000, pausedMs: null },
  members: [
    { $id: 'm1', name: 'Ada', host: true, anonymous: false },
    { $id: 'm2', name: 'Zoe', host: false, anonymous: true },
  ],
  now: 2_000,
  version: 3,
};
const song = (id: string, name: string) => ({ id, name, type: 'song', duration: 200, image: [], downloadUrl: [], artists: { primary: [], featured: [], all: [] } });

const songs = async () => new Response(JSON.stringify({ success: true, data: [song('s1', 'Harbour Lights'), song('s2', 'Low Tide')] }), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useRoomStore.setState(NO_ROOM);
});

describe('Listening room', () => {
  it("the host sees the room link, the queue with who added each song, and the host's controls", async () => {
    useRoomStore.setState({ roomId: ID, room, you: { $id: 'm1', name: 'Ada', host: true, anonymous: false, songsLeft: null } });
    renderApp(<RoomScreen />, { path: '/room/:id', at: `/room/${ID}`, fetch: songs });
    expect(screen.getByRole('textbox', { name: 'Room link' })).toHaveProperty('value', `${location.origin}/room/${ID}`);
    expect(screen.getByRole('textbox', { name: 'Room link' })).toHaveProperty('readOnly', true);
    screen.getByText('Hosted by Ada · 2 listening');
    await screen.findByRole('button', { name: 'Remove Low Tide' }, { timeout: 10_000 });
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows[0]).toContain('▶ Harbour Lights · added by Ada');
    expect(rows[1]).toContain('Low Tide · added by Zoe');
    for (const name of ['Pause room', 'Skip', 'End room', 'Remove Harbour Lights', 'Remove Low Tide']) screen.getByRole('button', { name });
    expect(screen.queryByRole('button', { name: 'Leave room' })).toBeNull();
  });

  it('an anonymous guest removes only their songs, sees how many they may still add, and may leave', async () => {
    useRoomStore.setState({ roomId: ID, room, you: { $id: 'm2', name: 'Zoe', host: false, anonymous: true, songsLeft: 2 } });
    renderApp(<RoomScreen />, { path: '/room/:id', at: `/room/${ID}`, fetch: songs });
    await screen.findByRole('button', { name: 'Remove Low Tide' }, { timeout: 10_000 });
    screen.getByRole('button', { name: 'Remove Low Tide' });
    expect(screen.queryByRole('button', { name: 'Remove Harbour Lights' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    screen.getByRole('button', { name: 'Leave room' });
    screen.getByText('2 songs left to add');
    screen.getByRole('searchbox', { name: 'Search songs to add' });
  });

  it('someone with the link joins with a name; an ended room says so', () => {
    renderApp(<RoomScreen />, { path: '/room/:id', at: `/room/${ID}` });
    screen.getByRole('textbox', { name: 'Your name' });
    screen.getByRole('button', { name: 'Join the room' });
    cleanup();
    useRoomStore.setState({ roomId: ID, ended: true, error: 'This listening room has ended.' });
    renderApp(<RoomScreen />, { path: '/room/:id', at: `/room/${ID}` });
    expect(screen.getByRole('alert').textContent).toBe('This listening room has ended.');
  });
});
