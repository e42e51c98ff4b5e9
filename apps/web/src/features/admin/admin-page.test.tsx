// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { useSessionStore } from '../auth/index.js';
import { setAdminApiForTests } from './admin-api.js';
import { AdminPage } from './admin-page.js';
import { createFakeAdminApi } from './testing.js';

const ada = { $id: 'u1', name: 'Ada', email: 'ada@example.com' };
const now = new Date().toISOString();
const person = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  $id: id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  status: true,
  admin: false,
  registration: now,
  lastActivity: now,
  devices: [],
  ...extra,
});

let fake: ReturnType<typeof createFakeAdminApi>;
beforeEach(() => {
  useSessionStore.setState({ user: ada, checked: true });
  fake = createFakeAdminApi({
    users: [
      person('u1', 'Ada', { admin: true }),
      person('u2', 'Ben', { devices: [{ $id: 's1', clientName: 'Chrome', osName: 'Android', deviceName: 'Pixel', ip: '10.0.0.2', $updatedAt: now }] }),
    ],
  });
  setAdminApiForTests(fake.api);
});
afterEach(() => {
  cleanup();
  setAdminApiForTests(null);
  useSessionStore.setState({ user: null, checked: true });
});

describe('Admin page', () => {
  it('lists the users with their devices and acts on the others, not on oneself', async () => {
    renderApp(<AdminPage />);
    const ben = await screen.findByRole('listitem', { name: 'Ben' });
    within(ben).getByText('Last active just now · 1 device');
    within(ben).getByText('Chrome · Android · Pixel · 10.0.0.2 · just now');
    const me = screen.getByRole('listitem', { name: 'Ada' });
    within(me).getByText('You');
    expect(within(me).queryByRole('button', { name: 'Block' })).toBeNull();

    fireEvent.click(within(ben).getByRole('button', { name: 'Block' }));
    await within(ben).findByText('Blocked');
    fireEvent.click(within(ben).getByRole('button', { name: 'Make admin' }));
    await within(ben).findByRole('button', { name: 'Remove admin' });
    fireEvent.click(within(ben).getByRole('button', { name: 'Reset password' }));
    expect(((await within(ben).findByLabelText('Reset link (valid for 1 hour)')) as HTMLInputElement).value).toBe('http://lyra.test/recovery?userId=u2&secret=s');
    fireEvent.click(within(ben).getByRole('button', { name: 'Delete' }));
    const ask = within(ben).getByRole('alertdialog', { name: 'Delete Ben?' });
    within(ask).getByText('Delete Ben? Their playlists and favourites go too, and they are signed out everywhere.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete account' }));
    await screen.findByRole('listitem', { name: 'Ada' });
    await expect.poll(() => screen.queryByRole('listitem', { name: 'Ben' })).toBeNull();
    expect(fake.calls).toEqual(['block u2', 'promote u2', 'reset u2', 'delete u2']);
  });

  it('makes an invitation link and lists it', async () => {
    renderApp(<AdminPage />);
    fireEvent.change(await screen.findByLabelText('Uses'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Valid for'), { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create invitation link' }));
    expect(((await screen.findByLabelText('Invitation link')) as HTMLInputElement).value).toBe('http://lyra.test/join?invitation=secret1');
    await screen.findByText('0 of 3 used · expires 4 Dec');
    expect(fake.calls).toEqual(['invite 3 24']);
  });

  it('shows a rescan running, then its report and the files that failed', async () => {
    renderApp(<AdminPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Library' }));
    await screen.findByText('/srv/music');
    await screen.findByText('Idle');
    fireEvent.click(screen.getByRole('button', { name: 'Full rescan' }));
    await screen.findByText('Scanning…');
    expect(screen.getByRole('button', { name: 'Full rescan' })).toHaveProperty('disabled', true);
    screen.getByText('12 files/s');
    fake.finishScan();
    await screen.findByText('Idle');
    await screen.findByText('Full scan, 3 s');
    screen.getByText('Broken/corrupt.mp3');
    screen.getByText('not an audio file');
    expect(fake.calls).toEqual(['full rescan']);
  });

  it('opens a library to everyone or to the accounts ticked', async () => {
    renderApp(<AdminPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Library' }));
    const books = await screen.findByRole('listitem', { name: 'Audiobooks' });
    within(books).getByText('/mnt/books');
    fireEvent.click(within(books).getByRole('checkbox', { name: 'Everyone' }));
    // Only the accounts that are not administrators have a box: Ada sees every library anyway.
    const ben = await within(books).findByRole('checkbox', { name: 'Ben' });
    expect(within(books).queryByRole('checkbox', { name: 'Ada' })).toBeNull();
    expect(ben).toHaveProperty('checked', false);
    fireEvent.click(ben);
    await vi.waitFor(() => expect(within(books).getByRole('checkbox', { name: 'Ben' })).toHaveProperty('checked', true), { timeout: 10_000 });
    fireEvent.click(within(books).getByRole('checkbox', { name: 'Everyone' }));
    await vi.waitFor(() => expect(within(books).queryByRole('checkbox', { name: 'Ben' })).toBeNull(), { timeout: 10_000 });
    expect(fake.calls).toEqual(['library audiobooks: nobody', 'library audiobooks: u2', 'library audiobooks: everyone']);
  });

  it("shows the server's version, database, uptime, memory and realtime connections", async () => {
    renderApp(<AdminPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Server' }));
    await screen.findByText('PGlite (embedded)');
    for (const text of ['0.1.0', '1 h 2 min', '80 MB', 'Signed-in accounts only', 'By invitation']) screen.getByText(text);
  });

  it('shows ffmpeg, the cache per tier and the video queue, and clears the cache', async () => {
    renderApp(<AdminPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Transcoding and storage' }));
    await screen.findByText('/usr/bin/ffmpeg');
    screen.getByText('2 files · 5 MB');
    screen.getByText('1 file · 1 MB');
    await screen.findByText('Rendering');
    fireEvent.click(screen.getByRole('button', { name: 'Clear cache' }));
    expect((await screen.findByRole('status')).textContent).toBe('Cleared 3 files (6 MB). They are made again when asked for.');
    await screen.findByText('Empty');
    expect(fake.calls).toEqual(['clear cache']);
  });

  it('tells an account that is not an administrator that the page is not for it', async () => {
    setAdminApiForTests(createFakeAdminApi({ admin: false }).api);
    renderApp(<AdminPage />);
    await screen.findByText('Only an administrator of this server can open this page.');
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
