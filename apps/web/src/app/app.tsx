import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { RouterProvider } from 'react-router';
import { ToastHost } from '../shared/lib/toast.js';
import { ServicesProvider } from '../shared/lib/catalogue-context.js';
import type { CatalogueClient } from '../shared/lib/catalogue-client.js';
import type { ClientConfig } from '../shared/lib/client-config.js';
import { TOAST_MS } from '../shared/lib/toasts.js';
import { takeOverFirstScreen } from './first-screen.js';
import type { AppRouter } from './router.js';

/**
 * Toasts open below the screens' top row (the 44 px Back, search and share
 * buttons and their padding), so a toast never sits on a control the
 * listener is about to tap.
 */
const TOAST_OFFSET = { top: 72 };
const TOAST_MOBILE_OFFSET = { top: 64, left: 16, right: 16 };

const TOAST_THEME = {
  '--normal-bg': 'var(--color-raised)',
  '--normal-border': 'var(--color-line)',
  '--normal-text': '#fff',
  '--border-radius': '14px',
} as React.CSSProperties;

export function App({
  config,
  catalogue,
  queryClient,
  router,
}: {
  config: ClientConfig;
  catalogue: CatalogueClient;
  queryClient: QueryClient;
  router: AppRouter;
}) {
  useLayoutEffect(() => takeOverFirstScreen(), []);
  return (
    <ServicesProvider value={{ config, catalogue }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastHost
          theme="dark"
          position="top-center"
          offset={TOAST_OFFSET}
          mobileOffset={TOAST_MOBILE_OFFSET}
          duration={TOAST_MS.default}
          closeButton={false}
          richColors={false}
          // In the app's colours: its raised surface, its line, its accent on actions.
          style={TOAST_THEME}
          toastOptions={{ classNames: { toast: 'lyra-toast', actionButton: 'lyra-toast-action', description: 'lyra-toast-description' } }}
        />
      </QueryClientProvider>
    </ServicesProvider>
  );
}
