// @vitest-environment jsdom
import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../features/auth/index.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { homeRowsQuery } from '../../shared/lib/catalogue-queries.js';
import { DEFAULT_CONFIG, parseClientConfig } from '../../shared/lib/client-config.js';
import { renderApp } from '../../test/render.js';
import { AppShell } from './app-shell.js';

/**
 * ACCESS=private: a signed-out visitor sees the sign-in instead of the screens
 * (Home's rows would be refused anyway), told by /config.json or by the
 * catalogue's 401; once signed in, the screens are back.
 */
function Home() {
  const rows = useQuery(homeRowsQuery(useCatalogue()));
  return <p>{rows.isSuccess ? 'Home rows' : 'Home loading'}</p>;
}

const PRIVATE = parseClientConfig({ ...DEFAULT_CONFIG, access: 'private', signUps: 'closed' });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ROWS = { featuredSongId: null, rows: [] };

function shell(at: string, options: { config?: typeof PRIVATE; fetch?: typeof fetch } = {}) {
  return renderApp(<p>unused</p>, {
    path: '/unused',
    at,
    config: options.config ?? DEFAULT_CONFIG,
    fetch: options.fetch ?? (async () => json(200, { success: true, data: ROWS })),
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    routes: [
      {
        path: '/',
        element: <AppShell />,
        children: [
          { index: true, element: <Home /> },
          { path: 'callback', element: <p>Signing in</p> },
          { path: 'room/:id', element: <p>Room page</p> },
        ],
      },
    ],
  });
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ user: null, checked: true });
});
afterEach(cleanup);

describe('a private server in the web app', () => {
  it('shows a signed-out visitor the sign-in instead of Home', async () => {
    shell('/', { config: PRIVATE });
    await screen.findByRole('heading', { name: 'Your Music, Your Favorites, Your Way!' });
    screen.getByText('Sign in to listen on this server');
    screen.getByRole('button', { name: 'Login' });
    expect(screen.queryByText(/^Home (rows|loading)$/)).toBeNull();
  });

  it('still lets a sign-in land on /callback', async () => {
    shell('/callback', { config: PRIVATE });
    await screen.findByText('Signing in');
    expect(screen.queryByText('Sign in to listen on this server')).toBeNull();
  });

  it("lets a signed-out visitor open a listening room's link", async () => {
    shell(`/room/${'a'.repeat(32)}`, { config: PRIVATE });
    await screen.findByText('Room page');
    expect(screen.queryByText('Sign in to listen on this server')).toBeNull();
  });

  it('shows the sign-in when the catalogue answers 401, and Home again once signed in', async () => {
    let signedIn = false;
    const catalogue = (async () =>
      signedIn ? json(200, { success: true, data: ROWS }) : json(401, { success: false, message: 'Sign in to listen on this server' })) as typeof fetch;
    shell('/', { fetch: catalogue });
    await screen.findByText('Sign in to listen on this server');
    expect(screen.queryByText(/^Home (rows|loading)$/)).toBeNull();

    signedIn = true;
    act(() => useSessionStore.getState().setUser({ $id: 'u1', name: 'Mira', email: 'mira@example.org' }));
    await screen.findByText('Home rows');
    expect(screen.queryByText('Sign in to listen on this server')).toBeNull();
  });

  it('leaves a public server as it was: Home for everyone', async () => {
    shell('/');
    await screen.findByText('Home rows');
    expect(screen.queryByText('Sign in to listen on this server')).toBeNull();
  });
});
