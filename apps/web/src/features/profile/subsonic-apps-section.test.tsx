// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { SubsonicAppsSection } from './subsonic-apps-section.js';
import { credentialsUrl, subsonicCredentialsApi, type SubsonicCredentials, type SubsonicCredentialsApi } from './subsonic-credentials-api.js';
import { isVisible } from '../../test/visible.js';

const CREDS: SubsonicCredentials = {
  serverUrl: 'https://music.example.org',
  username: 'ada@example.com',
  appPassword: 'abcDEF234ghjKLM567npqRST',
  apiKeys: [{ id: 'k1', createdAt: '2026-03-04T05:06:07.000Z', lastUsedAt: null }],
};

/** An in-memory server side: the calls made, and what it answers. */
function fakeApi(): SubsonicCredentialsApi & { calls: string[] } {
  const calls: string[] = [];
  let creds = structuredClone(CREDS);
  return {
    calls,
    get: async () => {
      calls.push('get');
      return structuredClone(creds);
    },
    rotateAppPassword: async () => {
      calls.push('rotate');
      creds = { ...creds, appPassword: 'NEWpassword234567890abcd' };
      return { appPassword: creds.appPassword };
    },
    createApiKey: async () => {
      calls.push('create');
      return { id: 'k2', apiKey: 'lyra_secret-key-value', createdAt: '2026-05-06T07:08:09.000Z' };
    },
    revokeApiKey: async (id) => {
      calls.push(`revoke ${id}`);
    },
  };
}

let written: string[];
beforeEach(() => {
  written = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (t: string) => void written.push(t) },
  });
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe('Profile: Subsonic apps', () => {
  it('shows the server address and user name, the app password hidden until revealed, and copies them', async () => {
    renderApp(<SubsonicAppsSection userId="u1" api={fakeApi()} />);
    expect(isVisible(screen.getByRole('heading', { name: 'Subsonic apps' }))).toBe(true);
    expect(isVisible(await screen.findByText('https://music.example.org'))).toBe(true);
    expect(isVisible(screen.getByText('ada@example.com'))).toBe(true);
    expect(screen.queryByText(CREDS.appPassword)).toBeNull();
    expect(screen.getByLabelText('App password, hidden').textContent).toBe('••••••••••••');
    fireEvent.click(screen.getByRole('button', { name: 'Show app password' }));
    expect(isVisible(screen.getByText(CREDS.appPassword))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Hide app password' }));
    expect(screen.queryByText(CREDS.appPassword)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy app password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy server address' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy user name' }));
    await waitFor(() => expect(written).toEqual([CREDS.appPassword, CREDS.serverUrl, CREDS.username]));
    expect((await screen.findAllByText('Copied')).length).toBeGreaterThan(0);
  });

  it('rotates the app password only after confirming', async () => {
    const api = fakeApi();
    renderApp(<SubsonicAppsSection userId="u1" api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rotate the app password?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls).toEqual(['get']);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rotate password' }));
    expect(isVisible(await screen.findByText('NEWpassword234567890abcd'))).toBe(true);
    expect(api.calls).toEqual(['get', 'rotate']);
  });

  it('creates an API key shown once with a copy button, lists keys by date and revokes them', async () => {
    const api = fakeApi();
    renderApp(<SubsonicAppsSection userId="u1" api={api} />);
    const keys = await screen.findByRole('list', { name: 'API keys' });
    expect(within(keys).getAllByRole('listitem')).toHaveLength(1);
    expect(keys.textContent).toContain('Created');
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    expect(isVisible(await screen.findByText('lyra_secret-key-value'))).toBe(true);
    expect(isVisible(screen.getByText('Copy your new key now: it is not shown again.'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Copy API key' }));
    await waitFor(() => expect(written).toEqual(['lyra_secret-key-value']));
    expect(within(screen.getByRole('list', { name: 'API keys' })).getAllByRole('listitem')).toHaveLength(2);
    const revoke = screen.getAllByRole('button', { name: /^Revoke the API key created/ });
    fireEvent.click(revoke[0]!);
    await waitFor(() => expect(screen.queryByText('lyra_secret-key-value')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'API keys' })).getAllByRole('listitem')).toHaveLength(1);
    expect(api.calls).toEqual(['get', 'create', 'revoke k2']);
  });

  it('says when the details cannot be loaded, and tries again', async () => {
    const api = fakeApi();
    const get = api.get;
    let fail = true;
    api.get = async () => {
      if (fail) throw new Error('offline');
      return get();
    };
    renderApp(<SubsonicAppsSection userId="u1" api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    fail = false;
    await waitFor(() => expect(screen.queryByText("Couldn't load your Subsonic details.")).toBeNull());
  });

  it("talks to the backend's server with the session (cookies, or the SDK's fallback header)", async () => {
    expect(credentialsUrl('/v1', 'https://app.example')).toBe('https://app.example/subsonic/credentials');
    expect(credentialsUrl('https://api.example/v1', 'https://app.example')).toBe('https://api.example/subsonic/credentials');
    const seen: { url: string; init: RequestInit }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      if (init.method === 'DELETE') return new Response(null, { status: 204 });
      if (url.endsWith('/api-keys')) return new Response(JSON.stringify({ message: 'nope', code: 401, type: 'general_unauthorized_scope' }), { status: 401 });
      return new Response(JSON.stringify(CREDS), { status: 200 });
    }) as typeof fetch;
    localStorage.setItem('cookieFallback', '{"a_session_lyra":"x"}');
    const api = subsonicCredentialsApi('https://api.example/subsonic/credentials', fetcher);
    expect(await api.get()).toEqual(CREDS);
    await expect(api.createApiKey()).rejects.toMatchObject({ status: 401, message: 'nope' });
    await api.revokeApiKey('a/b');
    expect(seen.map((s) => [s.init.method, s.url])).toEqual([
      ['GET', 'https://api.example/subsonic/credentials'],
      ['POST', 'https://api.example/subsonic/credentials/api-keys'],
      ['DELETE', 'https://api.example/subsonic/credentials/api-keys/a%2Fb'],
    ]);
    expect(seen[0]!.init).toMatchObject({ credentials: 'include', headers: { 'X-Fallback-Cookies': '{"a_session_lyra":"x"}' } });
    localStorage.clear();
  });
});
