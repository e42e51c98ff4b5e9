import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ToastHost } from '../shared/lib/toast.js';
import { createCatalogueClient } from '../shared/lib/catalogue-client.js';
import { ServicesProvider } from '../shared/lib/catalogue-context.js';
import { DEFAULT_CONFIG, type ClientConfig } from '../shared/lib/client-config.js';
import { createQueryClient } from '../shared/lib/query-client.js';

// jsdom has no matchMedia; sonner and the install banner ask it for media features.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/**
 * Renders UI inside the app's providers with an in-memory router. `element`
 * is mounted at `path`; `routes` adds other destinations (e.g. /profile) so
 * tests can see where a link or action leads.
 */
export function renderApp(
  element: ReactElement,
  options: { path?: string; at?: string; routes?: RouteObject[]; fetch?: typeof fetch; config?: ClientConfig; queryClient?: QueryClient } = {},
) {
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/profile', element: <h1>Profile page</h1> },
      ...(options.routes ?? []),
    ],
    { initialEntries: [options.at ?? path] },
  );
  const catalogue = createCatalogueClient(['/api'], options.fetch ?? (async () => new Response('{}', { status: 503 })));
  const utils = render(
    <ServicesProvider value={{ config: options.config ?? DEFAULT_CONFIG, catalogue }}>
      <QueryClientProvider client={options.queryClient ?? createQueryClient()}>
        <RouterProvider router={router} />
        <ToastHost />
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return { ...utils, router };
}
