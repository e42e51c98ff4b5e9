// @vitest-environment jsdom
import type { HomeRows } from '@lyra/contracts/catalogue';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeBelowFold } from '../features/home/home-below-fold.js';
import { WithHomeSlots } from './routes/home-slots.js';
import { cachedHomeRowsQuery } from '../features/home/home-queries.js';
import { PlayerSkeleton } from '../features/player/components/player-skeleton.js';
import { createCatalogueClient } from '../shared/lib/catalogue-client.js';
import { ServicesProvider } from '../shared/lib/catalogue-context.js';
import { DEFAULT_CONFIG } from '../shared/lib/client-config.js';
import { createQueryClient } from '../shared/lib/query-client.js';
import { makeSong, makeSongs } from '../test/songs.js';
import { homeRowsHtml, playerHtml } from './first-screen-html.js';

const rows: HomeRows = {
  featuredSongId: null,
  rows: [
    { id: 'top-hits', title: 'Top Hits', kind: 'songs', layout: 'row', limit: 5, query: null, songs: makeSongs(6) },
    { id: 'english-hots', title: 'English hots', kind: 'songs', layout: 'row', limit: 10, query: 'english', songs: makeSongs(12).slice(6) },
    { id: 'most-searched', title: 'Most Searched', kind: 'songs', layout: 'list', limit: 3, query: null, songs: makeSongs(3) },
  ],
};

/**
 * A DOM tree as text, attributes sorted and styles as the browser reads them:
 * what the listener sees, whatever order React wrote the attributes in.
 */
function canonical(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
  if (!(node instanceof HTMLElement)) return '';
  const attrs = [...node.attributes]
    .map((a) => `${a.name}=${JSON.stringify(a.name === 'style' ? node.style.cssText : a.value)}`)
    .sort()
    .join(' ');
  return `<${node.localName} ${attrs}>${[...node.childNodes].map(canonical).join('')}</${node.localName}>`;
}
const canonicalHtml = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return [...box.childNodes].map(canonical).join('\n');
};

/** The client's first render of `ui`, with Home's rows already known (as start-up leaves them). */
function clientHtml(ui: ReactElement): string {
  const catalogue = createCatalogueClient(['/api'], async () => new Response('{}', { status: 503 }));
  const queryClient = createQueryClient();
  queryClient.setQueryData(cachedHomeRowsQuery(catalogue).queryKey, rows);
  const { container } = render(
    <ServicesProvider value={{ config: DEFAULT_CONFIG, catalogue }}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return canonicalHtml(container.innerHTML);
}

/** The server's markup as the browser's DOM holds it, without the preloads React puts first (the server moves them to <head>). */
function asParsed(markup: string): { html: string; preloads: string[] } {
  const box = document.createElement('div');
  box.innerHTML = markup;
  const preloads = [...box.querySelectorAll('link[rel=preload]')].map((l) => l.getAttribute('href') ?? '');
  for (const l of box.querySelectorAll('link')) l.remove();
  return { html: box.innerHTML, preloads };
}

beforeEach(() => {
  // A browser's first render: rows below the first wait for the observer or an idle moment.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('requestIdleCallback', () => 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the server's first screen is the app's first render", () => {
  it("Home's rows: the same markup, so the app replaces the page without a flash or a shift", () => {
    const server = asParsed(homeRowsHtml(rows, DEFAULT_CONFIG));
    expect(canonicalHtml(server.html)).toBe(
      clientHtml(
        <WithHomeSlots>
          <HomeBelowFold />
        </WithHomeSlots>,
      ),
    );
    // What is in it: Video Previews loading, the first row's 5 cards, the later rows' frames only.
    const page = document.createElement('div');
    page.innerHTML = server.html;
    expect([...page.querySelectorAll('[data-song-id]')].map((b) => b.getAttribute('data-song-id'))).toEqual(makeSongs(5).map((s) => s.id));
    expect([...page.querySelectorAll('section h2')].map((h) => h.textContent)).toEqual(['Video Previews', 'Top Hits', 'English hots', 'Most Searched']);
    // The first three covers are preloaded, at high priority.
    expect(server.preloads).toEqual(makeSongs(3).map((s) => s.image[2]!.url));
  });

  it("a shared song's player: its cover and title where the player screen has them", () => {
    const song = makeSong('shared', { name: 'Cash $& Carry <3' });
    const server = asParsed(playerHtml(song));
    expect(canonicalHtml(server.html)).toBe(clientHtml(<PlayerSkeleton song={song} />));
    expect(server.html).toContain('alt="Cover of Cash $&amp; Carry &lt;3"');
    expect(server.html).toContain('>Cash $&amp; Carry &lt;3</h1>');
  });
});
