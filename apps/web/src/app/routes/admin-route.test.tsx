// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAdminApiForTests } from '../../features/admin/index.js';
import { createFakeAdminApi } from '../../features/admin/testing.js';
import { useSessionStore } from '../../features/auth/index.js';
import { renderApp } from '../../test/render.js';
import { findToast } from '../../test/toast.js';
import { AdminRoute } from './admin-route.js';
import { isVisible } from '../../test/visible.js';

const ada = { $id: 'u1', name: 'Ada', email: 'ada@example.com' };
const BENS = {
  id: 'sh2',
  url: 'http://localhost:3000/share/sh2',
  description: null,
  created: '2026-03-02T10:00:00.000Z',
  expires: null,
  maxBitRate: null,
  visitCount: 3,
  what: { kind: 'song', name: 'Lantern', songCount: 1 },
  owner: 'ben@example.com',
};

/** /subsonic/shares as the server answers an administrator: every account's links; what was asked. */
function stubShares() {
  const asked: string[] = [];
  let shares = [BENS];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${url}`);
    if (init?.method === 'DELETE') {
      shares = [];
      return new Response(null, { status: 204 });
    }
    return Response.json({ mayShare: true, shares: url.endsWith('?all=true') ? shares : [] });
  });
  return asked;
}

beforeEach(() => {
  useSessionStore.setState({ user: ada, checked: true });
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  setAdminApiForTests(null);
  useSessionStore.setState({ user: null, checked: true });
  vi.unstubAllGlobals();
});

describe("Admin: 'Public links'", () => {
  it("shows an administrator every account's links after the users, and revokes another's", async () => {
    setAdminApiForTests(createFakeAdminApi({ users: [] }).api);
    const asked = stubShares();
    renderApp(<AdminRoute />);
    const card = (await screen.findByRole('heading', { name: 'Public links' })).closest('section')!;
    expect(isVisible(screen.getByRole('tab', { name: 'Users', selected: true }))).toBe(true);
    const row = (await within(card).findByText('Lantern')).closest('li')!;
    within(row).getByText('Made by ben@example.com', { exact: false });
    within(row).getByText('Never expires · opened 3 times');
    within(row).getByText(BENS.url);
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke the link to Lantern' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke link' }));
    expect((await findToast('Public link revoked')).type).toBe(null);
    expect(await within(card).findByText('No public links on this server yet.')).toBeTruthy();
    expect(asked).toEqual(['GET http://localhost:3000/subsonic/shares?all=true', 'DELETE http://localhost:3000/subsonic/shares/sh2']);
  });

  it('is neither shown to nor asked for by an account that is not an administrator', async () => {
    setAdminApiForTests(createFakeAdminApi({ admin: false }).api);
    const asked = stubShares();
    renderApp(<AdminRoute />);
    await screen.findByText('Only an administrator of this server can open this page.');
    expect(screen.queryByRole('heading', { name: 'Public links' })).toBeNull();
    expect(asked).toEqual([]);
  });
});
