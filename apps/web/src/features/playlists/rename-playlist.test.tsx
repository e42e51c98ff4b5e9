// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { findToast } from '../../test/toast.js';
import { queuePlaylist, readPendingPlaylists } from './pending-changes.js';
import { readPendingRenames } from './pending-renames.js';
import { leavePlaylistScreen, offline, showPlaylistScreen, signInWithPlaylist } from './testing.js';

let fake: FakeBackend;

beforeEach(() => {
  fake = signInWithPlaylist();
});
afterEach(leavePlaylistScreen);

const show = showPlaylistScreen;
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

async function renameTo(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
  const field = await screen.findByRole('textbox', { name: 'Name' });
  expect((field as HTMLInputElement).value).not.toBe('');
  fireEvent.change(field, { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe("renaming the listener's own playlist", () => {
  it("online: the new name shows and is on the server: 'playlist renamed'", async () => {
    show();
    await waitFor(() => expect(heading()).toBe('Mix'));
    await renameTo('Road trip');
    expect(await findToast('playlist renamed')).toEqual({ type: 'success', description: null, action: null });
    expect(heading()).toBe('Road trip');
    expect(fake.docs.Playlist[0]!.name).toBe('Road trip');
    expect(fake.calls.find((c) => c.op === 'update')?.args).toEqual(['Playlist', 'p1', { name: 'Road trip' }]);
    // The cached list has it too (Library, the menus).
    expect(JSON.parse(localStorage.getItem('PlaylistMetadata')!)).toEqual([{ $id: 'p1', name: 'Road trip', userId: 'u1' }]);
  });

  it('with no answer from the server: shown renamed at once with the offline note, sent when the device is back online', async () => {
    show();
    await waitFor(() => expect(heading()).toBe('Mix'));
    fake.failNext('update', offline());
    await renameTo('Offline name');
    expect(await findToast('playlist renamed')).toEqual({
      type: 'success',
      description: 'You are offline: it will be renamed when you are back online.',
      action: null,
    });
    expect(heading()).toBe('Offline name');
    expect(fake.docs.Playlist[0]!.name).toBe('Mix');
    expect(readPendingRenames()).toEqual([{ playlistId: 'p1', name: 'Offline name', userId: 'u1' }]);
    // A read of the server's list meanwhile keeps the waiting name.
    cleanup();
    fake.failNext('update', offline());
    show();
    await waitFor(() => expect(fake.calls.filter((c) => c.op === 'list' && c.args[0] === 'Playlist')).toHaveLength(2));
    await waitFor(() => expect(heading()).toBe('Offline name'));

    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(fake.docs.Playlist[0]!.name).toBe('Offline name'));
    expect(readPendingRenames()).toEqual([]);
  });

  it("a refusal puts the old name back: \"Couldn't rename playlist\"", async () => {
    show();
    await waitFor(() => expect(heading()).toBe('Mix'));
    fake.failNext('update', new FakeBackendError('The current user is not authorized to perform the requested action.', 401, 'user_unauthorized'));
    await renameTo('Nope');
    expect((await findToast("Couldn't rename playlist")).type).toBe('error');
    expect(heading()).toBe('Mix');
    expect(readPendingRenames()).toEqual([]);
  });

  it('a playlist created offline is created with its new name', async () => {
    queuePlaylist({ $id: 'offline-1', name: 'Draft', userId: 'u1' });
    fake.failNext('create', offline());
    show('offline-1');
    await waitFor(() => expect(heading()).toBe('Draft'));
    await renameTo('Final');
    await findToast('playlist renamed');
    expect(readPendingPlaylists()).toEqual([{ $id: 'offline-1', name: 'Final', userId: 'u1' }]);
    expect(fake.calls.some((c) => c.op === 'update')).toBe(false);
  });
});
