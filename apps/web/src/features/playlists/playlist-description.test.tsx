// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { findToast } from '../../test/toast.js';
import { CreatePlaylistDialog } from './create-playlist-dialog.js';
import { readPendingPlaylists } from './pending-changes.js';
import { readPendingRenames } from './pending-renames.js';
import { PLAYLIST_DESCRIPTION_MAX } from './playlist-description-field.js';
import { leavePlaylistScreen, offline, PlaylistsSync, showPlaylistScreen, signInWithPlaylist } from './testing.js';
import { isVisible } from '../../test/visible.js';

let fake: FakeBackend;

beforeEach(() => {
  fake = signInWithPlaylist({ description: 'Songs for the night bus' });
});
afterEach(leavePlaylistScreen);

const show = showPlaylistScreen;
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
/** The line under the title that holds the description, if any. */
const shownDescription = () => screen.getByRole('heading', { level: 1 }).parentElement!.querySelector('p.text-muted.line-clamp-2')?.textContent ?? null;

async function describeAs(description: string, name?: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
  const field = await screen.findByRole('textbox', { name: 'Description' });
  if (name != null) fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: name } });
  fireEvent.change(field, { target: { value: description } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe("a playlist's description", () => {
  it('shows under the title, and the rename dialog changes it on the server (only what changed is sent)', async () => {
    show();
    await waitFor(() => expect(heading()).toBe('Mix'));
    expect(shownDescription()).toBe('Songs for the night bus');
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect((await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Description' })).value).toBe('Songs for the night bus');
    expect(isVisible(screen.getByText(`23/${PLAYLIST_DESCRIPTION_MAX}`))).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });

    await describeAs('  Quiet songs, 東京 at night  ');
    expect(await findToast('playlist updated')).toEqual({ type: 'success', description: null, action: null });
    expect(shownDescription()).toBe('Quiet songs, 東京 at night');
    expect(heading()).toBe('Mix');
    expect(fake.calls.find((c) => c.op === 'update')?.args).toEqual(['Playlist', 'p1', { name: 'Mix', description: 'Quiet songs, 東京 at night' }]);
    expect(fake.docs.Playlist[0]).toMatchObject({ name: 'Mix', description: 'Quiet songs, 東京 at night' });
    expect(JSON.parse(localStorage.getItem('PlaylistMetadata')!)).toEqual([{ $id: 'p1', name: 'Mix', userId: 'u1', description: 'Quiet songs, 東京 at night' }]);

    // Cleared: nothing under the title.
    await describeAs('', 'Night');
    expect(await findToast('playlist renamed')).toBeTruthy();
    await waitFor(() => expect(shownDescription()).toBeNull());
    expect(fake.docs.Playlist[0]).toMatchObject({ name: 'Night', description: '' });
  });

  it(`takes at most ${PLAYLIST_DESCRIPTION_MAX} characters`, async () => {
    show();
    await waitFor(() => expect(heading()).toBe('Mix'));
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const field = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
    expect(field.maxLength).toBe(PLAYLIST_DESCRIPTION_MAX);
    fireEvent.change(field, { target: { value: 'x'.repeat(PLAYLIST_DESCRIPTION_MAX + 20) } });
    expect(field.value).toHaveLength(PLAYLIST_DESCRIPTION_MAX);
    expect(isVisible(screen.getByText(`${PLAYLIST_DESCRIPTION_MAX}/${PLAYLIST_DESCRIPTION_MAX}`))).toBe(true);
  });

  it('with no answer from the server: shown at once, kept on the device with the name, sent when back online', async () => {
    show();
    await waitFor(() => expect(heading()).toBe('Mix'));
    fake.failNext('update', offline());
    await describeAs('Written on the train');
    expect(await findToast('playlist updated')).toEqual({
      type: 'success',
      description: 'You are offline: it will be updated when you are back online.',
      action: null,
    });
    expect(shownDescription()).toBe('Written on the train');
    expect(readPendingRenames()).toEqual([{ playlistId: 'p1', name: 'Mix', description: 'Written on the train', userId: 'u1' }]);
    // A read of the server's list meanwhile keeps the waiting description.
    cleanup();
    fake.failNext('update', offline());
    show();
    await waitFor(() => expect(fake.calls.filter((c) => c.op === 'list' && c.args[0] === 'Playlist')).toHaveLength(2));
    await waitFor(() => expect(shownDescription()).toBe('Written on the train'));

    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(fake.docs.Playlist[0]!.description).toBe('Written on the train'));
    expect(readPendingRenames()).toEqual([]);
  });

  it('a refusal puts the old description back', async () => {
    show();
    await waitFor(() => expect(heading()).toBe('Mix'));
    fake.failNext('update', new FakeBackendError('The current user is not authorized to perform the requested action.', 401, 'user_unauthorized'));
    await describeAs('Nope');
    expect((await findToast("Couldn't update playlist")).type).toBe('error');
    expect(shownDescription()).toBe('Songs for the night bus');
  });
});

describe('the Create Playlist dialog', () => {
  function Creating() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <PlaylistsSync />
        <CreatePlaylistDialog open={open} onOpenChange={setOpen} />
      </>
    );
  }

  it('creates the playlist with its description, online and offline', async () => {
    renderApp(<Creating />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Road trip' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Long drives ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Launch' }));
    await waitFor(() => expect(fake.docs.Playlist.find((p) => p.name === 'Road trip')).toMatchObject({ description: 'Long drives', userId: 'u1' }));
    cleanup();

    renderApp(<Creating />);
    fake.failNext('create', offline());
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Offline list' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Made in a tunnel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Launch' }));
    await findToast('playlist created');
    expect(readPendingPlaylists()).toMatchObject([{ name: 'Offline list', description: 'Made in a tunnel', userId: 'u1' }]);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(fake.docs.Playlist.find((p) => p.name === 'Offline list')).toMatchObject({ description: 'Made in a tunnel' }));
  });
});
