// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { findToast } from '../../test/toast.js';
import { ServerPublicLinks } from './server-public-links.js';
import type { ShareLink, ShareLinksApi } from './share-links-api.js';
import { isVisible } from '../../test/visible.js';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

const ADAS: ShareLink = {
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
const BENS: ShareLink = {
  ...ADAS,
  id: 'sh2',
  url: 'https://music.example.org/share/sh2',
  created: '2026-03-02T10:00:00.000Z',
  expires: '2099-04-01T10:00:00.000Z',
  maxBitRate: null,
  visitCount: 1,
  what: { kind: 'song', name: 'Lantern', songCount: 1 },
  owner: 'ben@example.com',
};

/** The server side as an administrator sees it: every account's links. */
function fakeApi(shares: ShareLink[] = [ADAS, BENS]): ShareLinksApi & { revoked: string[]; asked: string[]; changed: string[] } {
  const revoked: string[] = [];
  const asked: string[] = [];
  const changed: string[] = [];
  let list = [...shares];
  const refuse = async (): Promise<never> => Promise.reject(new Error('not asked here'));
  return {
    revoked,
    asked,
    changed,
    list: async () => (asked.push('mine'), { mayShare: true, shares: list.filter((s) => s.owner === 'ada@example.com') }),
    listAll: async () => (asked.push('all'), { mayShare: true, shares: [...list] }),
    create: refuse,
    changeExpiry: async (id, expires) => {
      changed.push(`${id} ${expires}`);
      if (id === 'sh1') throw new Error('Something went wrong');
      list = list.map((s) => (s.id === id ? { ...s, expires: null } : s));
      return list.find((s) => s.id === id)!;
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
});

describe("Admin's 'Public links'", () => {
  it('lists every account’s links with who made them and when, their expiry, visits and address', async () => {
    const api = fakeApi();
    renderApp(<ServerPublicLinks api={api} />);
    expect(await screen.findByRole('heading', { name: 'Public links' })).toBeTruthy();
    expect(isVisible(screen.getByText('Every public link on this server, whoever made it. A revoked link stops working at once.'))).toBe(true);
    const list = await screen.findByRole('list', { name: 'Public links' });
    const [ada, ben] = within(list).getAllByRole('listitem');
    expect(isVisible(within(ada!).getByText('Night Ferry'))).toBe(true);
    expect(isVisible(within(ada!).getByText(`Made by ada@example.com on ${day(ADAS.created)}`))).toBe(true);
    expect(isVisible(within(ada!).getByText('Never expires · up to 96 kbps · opened 2 times'))).toBe(true);
    expect(isVisible(within(ada!).getByText(ADAS.url))).toBe(true);
    expect(isVisible(within(ben!).getByText('Song:', { exact: false }))).toBe(true);
    expect(isVisible(within(ben!).getByText(`Made by ben@example.com on ${day(BENS.created)}`))).toBe(true);
    expect(isVisible(within(ben!).getByText(`Expires ${day(BENS.expires!)} · opened 1 time`))).toBe(true);
    expect(api.asked).toEqual(['all']);

    fireEvent.click(within(ben!).getByRole('button', { name: 'Copy the link to Lantern' }));
    expect((await findToast('Public link copied to clipboard')).type).toBe('success');
    expect(written).toEqual([BENS.url]);
  });

  it("revokes another account's link after asking", async () => {
    const api = fakeApi();
    renderApp(<ServerPublicLinks api={api} />);
    const list = await screen.findByRole('list', { name: 'Public links' });
    fireEvent.click(within(list).getByRole('button', { name: 'Revoke the link to Lantern' }));
    const ask = screen.getByRole('group', { name: 'Revoke this link?' });
    expect(isVisible(within(ask).getByText('Revoke this link? It stops working at once.'))).toBe(true);
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(api.revoked).toEqual([]);
    fireEvent.click(within(list).getByRole('button', { name: 'Revoke the link to Lantern' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    expect((await findToast('Public link revoked')).type).toBe(null);
    expect(api.revoked).toEqual(['sh2']);
    await expect.poll(() => within(list).queryByText('Lantern')).toBeNull();
    expect(isVisible(within(list).getByText('Night Ferry'))).toBe(true);
  });

  it("changes another account's link's expiry, as in Profile's list", async () => {
    const api = fakeApi();
    renderApp(<ServerPublicLinks api={api} />);
    const list = await screen.findByRole('list', { name: 'Public links' });
    const ben = within(list).getByText('Lantern').closest('li')!;
    fireEvent.click(within(ben).getByRole('button', { name: 'Change the expiry of the link to Lantern' }));
    const form = within(ben).getByRole('group', { name: 'Change expiry' });
    fireEvent.change(within(form).getByLabelText('New expiry'), { target: { value: 'never' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await findToast('Expiry changed')).type).toBe('success');
    expect(api.changed).toEqual(['sh2 never']);
    expect(isVisible(await within(ben).findByText('Never expires · opened 1 time'))).toBe(true);
    expect(within(ben).queryByRole('group', { name: 'Change expiry' })).toBeNull();

    // A refusal keeps the form open and says so.
    const ada = within(list).getByText('Night Ferry').closest('li')!;
    fireEvent.click(within(ada).getByRole('button', { name: 'Change the expiry of the link to Night Ferry' }));
    fireEvent.click(within(within(ada).getByRole('group', { name: 'Change expiry' })).getByRole('button', { name: 'Save' }));
    expect((await findToast("Couldn't change the expiry")).type).toBe('error');
    expect(api.changed).toEqual(['sh2 never', 'sh1 week']);
    expect(isVisible(within(ada).getByRole('group', { name: 'Change expiry' }))).toBe(true);
  });

  it("names each button after its own link: whose, then when it was made, when links hold the same thing", async () => {
    const bensAlbum: ShareLink = { ...ADAS, id: 'sh3', url: 'https://music.example.org/share/sh3', owner: 'ben@example.com' };
    const adasAgain: ShareLink = { ...ADAS, id: 'sh4', url: 'https://music.example.org/share/sh4', created: '2026-03-09T10:00:00.000Z' };
    const api = fakeApi([ADAS, BENS, bensAlbum, adasAgain]);
    renderApp(<ServerPublicLinks api={api} />);
    const list = await screen.findByRole('list', { name: 'Public links' });
    const revokes = within(list)
      .getAllByRole('button', { name: /^Revoke / })
      .map((b) => b.getAttribute('aria-label'));
    expect(revokes).toEqual([
      `Revoke the link to Night Ferry by ada@example.com made ${day(ADAS.created)}`,
      'Revoke the link to Lantern',
      'Revoke the link to Night Ferry by ben@example.com',
      `Revoke the link to Night Ferry by ada@example.com made ${day(adasAgain.created)}`,
    ]);
    fireEvent.click(within(list).getByRole('button', { name: 'Revoke the link to Night Ferry by ben@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    expect((await findToast('Public link revoked')).type).toBe(null);
    expect(api.revoked).toEqual(['sh3']);
  });

  it("says when the server has none, and shows the server's refusal", async () => {
    const first = renderApp(<ServerPublicLinks api={fakeApi([])} />);
    expect(await screen.findByText('No public links on this server yet.')).toBeTruthy();
    first.unmount();
    const refused = { ...fakeApi(), listAll: async () => Promise.reject(new Error('Only an administrator of this server can do this.')) };
    renderApp(<ServerPublicLinks api={refused} />);
    expect(await screen.findByText("Couldn't load the public links: Only an administrator of this server can do this.", {}, { timeout: 10_000 })).toBeTruthy();
  });
});
