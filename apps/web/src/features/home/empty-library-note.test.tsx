// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '../../shared/lib/query-client.js';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { EmptyLibraryNote } from './empty-library-note.js';
import { isVisible } from '../../test/visible.js';

const status = (answer: { status: number; data?: unknown }) =>
  (async () =>
    new Response(JSON.stringify(answer.data === undefined ? { success: false, message: 'no' } : { success: true, data: answer.data }), {
      status: answer.status,
    })) as typeof fetch;

afterEach(cleanup);

describe('Home on a server without songs', () => {
  it('says how to point MUSIC_DIR at music and rescan', async () => {
    renderApp(<EmptyLibraryNote />, { fetch: status({ status: 200, data: { scanning: false, tracks: 0 } }) });
    expect(await screen.findByRole('heading', { name: 'Your music library is empty' })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Empty library' }).textContent).toContain('Set MUSIC_DIR to the folder that holds your music');
    expect(isVisible(screen.getByText('npm run admin -- scan'))).toBe(true);
  });

  it('says a scan is running while the first scan finds nothing yet', async () => {
    renderApp(<EmptyLibraryNote />, { fetch: status({ status: 200, data: { scanning: true, tracks: 0 } }) });
    expect(await screen.findByRole('heading', { name: 'Scanning your music…' })).toBeDefined();
  });

  it('shows nothing when the library has songs, or when the status is not public', async () => {
    for (const answer of [{ status: 200, data: { scanning: false, tracks: 12 } }, { status: 401 }]) {
      const queryClient = createQueryClient();
      const view = renderApp(<EmptyLibraryNote />, { fetch: status(answer), queryClient });
      // Once the status has been answered (or refused), nothing is shown.
      await waitFor(() => expect(queryClient.getQueryCache().getAll().every((q) => q.state.status !== 'pending')).toBe(true));
      expect(view.container.textContent).toBe('');
      cleanup();
    }
  });
});
