// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SongMenuRoot } from '../../app/shell/song-menu-root.js';
import { SongRow } from '../../shared/ui/song-row.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { findToast } from '../../test/toast.js';
import { createQueryClient } from '../../shared/lib/query-client.js';
import { shareLinksKey } from './use-share-links.js';
import { isVisible } from '../../test/visible.js';
import { PublicLinkButton } from './public-link-button.js';
import { PublicLinksSection } from './public-links-section.js';
import { shareLinksUrl, type NewShareLink, type ShareLink, type ShareLinksApi } from './share-links-api.js';

const LINK: ShareLink = {
  id: 'sh1',
  url: 'https://music.example.org/share/sh1',
  description: null,
  created: '2026-03-01T10:00:00.000Z',
  expires: null,
  maxBitRate: 96,
  visitCount: 2,
  what: { kind: 'album', name: 'Night Ferry', songCount: 9 },
  owner: 'ada@example.com',
};

/** An in-memory server side: what it was asked, and what it answers. */
function fakeApi(mayShare = true, shares: ShareLink[] = [LINK]): ShareLinksApi & { made: NewShareLink[]; revoked: string[]; changed: string[] } {
  const made: NewShareLink[] = [];
  const revoked: string[] = [];
  const changed: string[] = [];
  let list = [...shares];
  return {
    made,
    revoked,
    changed,
    changeExpiry: async (id, expires) => {
      changed.push(`${id} ${expires}`);
      list = list.map((s) => (s.id === id ? { ...s, expires: '2030-01-31T12:00:00.000Z' } : s));
      return list.find((s) => s.id === id)!;
    },
    list: async () => ({ mayShare, shares: [...list] }),
    listAll: async () => ({ mayShare, shares: [...list] }),
    create: async (link) => {
      made.push(link);
      const share: ShareLink = { ...LINK, id: 'sh2', url: 'https://music.example.org/share/sh2', what: { kind: 'album', name: 'Harbour Lights', songCount: 3 } };
      list = [...list, share];
      return share;
    },
    revoke: async (id) => {
      revoked.push(id);
      list = list.filter((s) => s.id !== id);
    },
  };
}

let written: string[];
beforeEach(() => {
  signInWithFakeBackend({ $id: 'u1', name: 'Ada', email: 'ada@example.com' });
  written = [];
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void written.push(t) } });
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  signOutOfFakeBackend();
  vi.unstubAllGlobals();
});

describe("'Make a public link'", () => {
  it('makes a link with the expiry and quality chosen, copies it and shows it', async () => {
    const api = fakeApi(true, []);
    renderApp(<PublicLinkButton item={{ id: 'al2', name: 'Harbour Lights' }} api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make a public link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a public link' });
    expect(isVisible(within(dialog).getByText('Anyone with the link can play Harbour Lights, without an account, and nothing else.'))).toBe(true);
    expect((within(dialog).getByLabelText('Expires') as HTMLSelectElement).value).toBe('week');
    fireEvent.change(within(dialog).getByLabelText('Expires'), { target: { value: 'month' } });
    fireEvent.change(within(dialog).getByLabelText('Quality'), { target: { value: '160' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make link' }));
    expect((await findToast('Public link copied to clipboard')).type).toBe('success');
    expect(api.made).toEqual([{ id: 'al2', expires: 'month', maxBitRate: 160 }]);
    expect(written).toEqual(['https://music.example.org/share/sh2']);
    expect((within(dialog).getByLabelText('Public link') as HTMLInputElement).value).toBe('https://music.example.org/share/sh2');
    expect(isVisible(within(dialog).getByRole('button', { name: 'Copy link' }))).toBe(true);
  });

  it('sends a chosen last day as the end of that day, and asks for one when none is chosen', async () => {
    const api = fakeApi(true, []);
    renderApp(<PublicLinkButton item={{ id: 's1', name: 'Lantern' }} api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make a public link' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Expires'), { target: { value: 'date' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose the day the link stops working.');
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '2030-05-06' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make link' }));
    await waitFor(() => expect(api.made).toHaveLength(1));
    expect(api.made[0]).toEqual({ id: 's1', expires: new Date('2030-05-06T23:59:59').toISOString(), maxBitRate: null });
  });

  it("shows the server's refusal in the dialog", async () => {
    const api = { ...fakeApi(true, []), create: async () => Promise.reject(new Error('You have 500 public links: revoke one first.')) };
    renderApp(<PublicLinkButton item={{ id: 's1', name: 'Lantern' }} api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make a public link' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have 500 public links: revoke one first.');
  });

  it('is not offered when the server says the listener may not make links', async () => {
    const api = fakeApi(false, []);
    const listed = { n: 0 };
    renderApp(<PublicLinkButton item={{ id: 's1', name: 'Lantern' }} api={{ ...api, list: async () => (listed.n++, api.list()) }} />);
    await waitFor(() => expect(listed.n).toBe(1));
    expect(screen.queryByRole('button', { name: 'Make a public link' })).toBeNull();
  });
});

describe("a song's menu", () => {
  const song = { id: 's1', name: 'Elf Land', album: { id: 'al1', name: 'Wesnoth' }, artists: { primary: [{ id: 'ar1', name: 'Aleksi' }] } };
  const show = (mayShare: boolean) => {
    const asked: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      asked.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (init?.method === 'POST') return Response.json({ ...LINK, id: 'sh3', url: 'http://localhost/share/sh3' }, { status: 201 });
      return Response.json({ mayShare, shares: [] });
    });
    const queryClient = createQueryClient();
    renderApp(
      <SongMenuRoot>
        <ul>
          <SongRow song={song} onPlay={() => {}} />
        </ul>
      </SongMenuRoot>,
      { queryClient },
    );
    const answered = () => waitFor(() => expect(queryClient.getQueryState(shareLinksKey('u1'))?.status).toBe('success'));
    return { asked, answered };
  };

  it("offers 'Make a public link', which makes a link to the song", async () => {
    const { asked } = show(true);
    fireEvent.contextMenu(screen.getByRole('button', { name: /^Elf Land/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Make a public link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a public link' });
    expect(isVisible(within(dialog).getByText('Anyone with the link can play Elf Land, without an account, and nothing else.'))).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make link' }));
    expect((await findToast('Public link copied to clipboard')).type).toBe('success');
    expect(asked[1]).toEqual({ url: 'http://localhost:3000/subsonic/shares', body: { id: 's1', expires: 'week', maxBitRate: null } });
  });

  it('leaves it out when the listener may not make links', async () => {
    const { asked, answered } = show(false);
    fireEvent.contextMenu(screen.getByRole('button', { name: /^Elf Land/ }));
    expect(await screen.findByRole('menuitem', { name: 'Go to album' })).toBeTruthy();
    await answered();
    expect(asked).toHaveLength(1);
    expect(screen.queryByRole('menuitem', { name: 'Make a public link' })).toBeNull();
  });
});

describe("Profile: 'Public links'", () => {
  it('lists each link with what it holds, its expiry and cap, copies it and revokes it after asking', async () => {
    const api = fakeApi();
    renderApp(<PublicLinksSection api={api} />);
    expect(isVisible(await screen.findByRole('heading', { name: 'Public links' }))).toBe(true);
    expect(isVisible(screen.getByText("Links anyone can open to play what you shared, even without an account. Make one from a song's menu, or on an album's or your playlist's screen."))).toBe(true);
    const list = screen.getByRole('list', { name: 'Public links' });
    expect(isVisible(within(list).getByText('Night Ferry'))).toBe(true);
    expect(isVisible(within(list).getByText('Album:', { exact: false }))).toBe(true);
    expect(isVisible(within(list).getByText('Never expires · up to 96 kbps · opened 2 times'))).toBe(true);
    fireEvent.click(within(list).getByRole('button', { name: 'Copy the link to Night Ferry' }));
    expect((await findToast('Public link copied to clipboard')).type).toBe('success');
    expect(written).toEqual([LINK.url]);

    fireEvent.click(within(list).getByRole('button', { name: 'Revoke the link to Night Ferry' }));
    const ask = screen.getByRole('group', { name: 'Revoke this link?' });
    expect(isVisible(within(ask).getByText('Revoke this link? It stops working at once.'))).toBe(true);
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group', { name: 'Revoke this link?' })).toBeNull();
    expect(api.revoked).toEqual([]);

    fireEvent.click(within(list).getByRole('button', { name: 'Revoke the link to Night Ferry' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    expect((await findToast('Public link revoked')).type).toBe(null);
    expect(api.revoked).toEqual(['sh1']);
    expect(await screen.findByText('No public links yet.')).toBeTruthy();
  });

  it("changes a link's expiry", async () => {
    const api = fakeApi();
    renderApp(<PublicLinksSection api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change the expiry of the link to Night Ferry' }));
    const group = screen.getByRole('group', { name: 'Change expiry' });
    fireEvent.click(within(group).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Change expiry' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change the expiry of the link to Night Ferry' }));
    fireEvent.change(within(screen.getByRole('group', { name: 'Change expiry' })).getByLabelText('New expiry'), { target: { value: 'month' } });
    fireEvent.click(within(screen.getByRole('group', { name: 'Change expiry' })).getByRole('button', { name: 'Save' }));
    expect((await findToast('Expiry changed')).type).toBe('success');
    expect(api.changed).toEqual(['sh1 month']);
    const shown = new Date('2030-01-31T12:00:00.000Z').toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
    expect(await screen.findByText(`Expires ${shown} · up to 96 kbps · opened 2 times`)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Change expiry' })).toBeNull();
  });

  it('names each button after its own link when two links hold the same thing', async () => {
    const later = { ...LINK, id: 'sh3', url: 'https://music.example.org/share/sh3', created: '2026-03-05T10:00:00.000Z', expires: '2099-01-01T00:00:00.000Z' };
    const api = fakeApi(true, [LINK, later]);
    renderApp(<PublicLinksSection api={api} />);
    const list = await screen.findByRole('list', { name: 'Public links' });
    const made = (l: ShareLink) => `the link to Night Ferry made ${new Date(l.created).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })}`;
    const names = within(list)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([`Copy ${made(LINK)}`, `Change the expiry of ${made(LINK)}`, `Revoke ${made(LINK)}`, `Copy ${made(later)}`, `Change the expiry of ${made(later)}`, `Revoke ${made(later)}`]);
    fireEvent.click(within(list).getByRole('button', { name: `Copy ${made(later)}` }));
    expect((await findToast('Public link copied to clipboard')).type).toBe('success');
    expect(written).toEqual([later.url]);
    fireEvent.click(within(list).getByRole('button', { name: `Revoke ${made(later)}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    expect((await findToast('Public link revoked')).type).toBe(null);
    expect(api.revoked).toEqual(['sh3']);
    // Alone again, the remaining link is named by what it holds.
    expect(await within(list).findByRole('button', { name: 'Revoke the link to Night Ferry' })).toBeTruthy();
  });

  it("says when a link has expired, and is not shown to a listener who may not share and has none", async () => {
    const expired = { ...LINK, expires: '2020-01-01T00:00:00.000Z', maxBitRate: null, visitCount: 1 };
    const first = renderApp(<PublicLinksSection api={fakeApi(true, [expired])} />);
    expect(await screen.findByText('Expired · opened 1 time')).toBeTruthy();
    first.unmount();
    const api = fakeApi(false, []);
    const listed = { n: 0 };
    renderApp(<PublicLinksSection api={{ ...api, list: async () => (listed.n++, api.list()) }} />);
    await waitFor(() => expect(listed.n).toBe(1));
    expect(screen.queryByRole('heading', { name: 'Public links' })).toBeNull();
  });

  it('asks the server that holds the backend', () => {
    expect(shareLinksUrl('/v1', 'https://music.example.org')).toBe('https://music.example.org/subsonic/shares');
    expect(shareLinksUrl('https://api.example.org/v1')).toBe('https://api.example.org/subsonic/shares');
  });
});
