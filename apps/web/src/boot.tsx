import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './app/app.js';
import { startPlayer } from './features/player/player-runtime.js';
import { createCatalogueClient } from './shared/lib/catalogue-client.js';
import type { ClientConfig } from './shared/lib/client-config.js';
import { createQueryClient } from './shared/lib/query-client.js';

/** Starts the player and renders the app into `root`. */
export function boot(config: ClientConfig, root: Root): void {
  const catalogue = createCatalogueClient(config.catalogueHosts);
  startPlayer();
  // A transition lets React yield while it renders the first screen, so start-up is
  // several short tasks instead of one long one; the static shell stays up meanwhile.
  startTransition(() => root.render(<App config={config} catalogue={catalogue} queryClient={createQueryClient()} />));
}
