import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { ServicesProvider } from '../shared/lib/catalogue-context.js';
import type { CatalogueClient } from '../shared/lib/catalogue-client.js';
import type { ClientConfig } from '../shared/lib/client-config.js';
import { TOAST_MS } from '../shared/lib/toasts.js';
import { takeOverFirstScreen } from './first-screen.js';
import type { AppRouter } from './router.js';

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
        <Toaster theme="dark" position="top-center" duration={TOAST_MS.default} closeButton={false} richColors={false} />
      </QueryClientProvider>
    </ServicesProvider>
  );
}
