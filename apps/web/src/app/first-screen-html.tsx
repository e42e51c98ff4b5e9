import type { HomeRows, Song } from '@lyra/contracts/catalogue';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { HomeBelowFold } from '../features/home/home-below-fold.js';
import { cachedHomeRowsQuery } from '../features/home/home-queries.js';
import { PlayerSkeleton } from '../features/player/components/player-skeleton.js';
import { createCatalogueClient } from '../shared/lib/catalogue-client.js';
import { ServicesProvider } from '../shared/lib/catalogue-context.js';
import type { ClientConfig } from '../shared/lib/client-config.js';
import { createQueryClient } from '../shared/lib/query-client.js';
import { WithHomeSlots } from './routes/home-slots.js';

/**
 * The first screen as HTML, for the server to put in the page it sends (built
 * for Node into dist/ssr). It is the app's own first render for a first
 * visit, made by the same components from the same data, so the page shows
 * Home's rows or a shared song's cover before any script has run, and the
 * app's first render replaces it with the same thing.
 */

/** Home from Video Previews down, as the app first renders it with `rows` (rows below the first wait). */
export function homeRowsHtml(rows: HomeRows, config: ClientConfig): string {
  const catalogue = createCatalogueClient(config.catalogueHosts);
  const queryClient = createQueryClient();
  queryClient.setQueryData(cachedHomeRowsQuery(catalogue).queryKey, rows);
  return renderToStaticMarkup(
    <ServicesProvider value={{ config, catalogue }}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <WithHomeSlots>
            <HomeBelowFold />
          </WithHomeSlots>
        </MemoryRouter>
      </QueryClientProvider>
    </ServicesProvider>,
  );
}

/** The player while a shared song opens: its backdrop and cover. */
export function playerHtml(song: Song): string {
  return renderToStaticMarkup(<PlayerSkeleton song={song} />);
}
