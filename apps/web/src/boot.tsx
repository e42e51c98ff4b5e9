import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './app/app.js';
import { firstScreenReady } from './app/first-screen.js';
import { createRouter } from './app/router.js';
import { startPlayer } from './features/player/player-runtime.js';
import { createCatalogueClient } from './shared/lib/catalogue-client.js';
import type { ClientConfig } from './shared/lib/client-config.js';
import { createQueryClient } from './shared/lib/query-client.js';

/** Starts the player and, once the first screen can render complete, the app into `root`. */
export async function boot(config: ClientConfig, root: Root): Promise<void> {
  const catalogue = createCatalogueClient(config.catalogueHosts);
  const queryClient = createQueryClient();
  startPlayer(catalogue);
  // The router's start (matching, the route's code) is a task of its own: short tasks keep
  // the page answering while the app starts.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createRouter();
  await firstScreenReady(window.location.pathname, { router, queryClient, catalogue });
  // A transition lets React yield while it renders the first screen, so start-up is
  // several short tasks instead of one long one; the page from the server stays up meanwhile.
  startTransition(() => root.render(<App config={config} catalogue={catalogue} queryClient={queryClient} router={router} />));
}
