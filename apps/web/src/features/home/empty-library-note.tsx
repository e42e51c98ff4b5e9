import { useQuery } from '@tanstack/react-query';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { libraryStatusKey } from './home-queries.js';

/** The public part of GET /api/admin/status (catalogue-api.md): whether a scan runs and how many songs there are. */
interface LibraryStatus {
  scanning: boolean;
  tracks: number;
}

export const EMPTY_LIBRARY_TITLE = 'Your music library is empty';

/**
 * Home on a server with no songs yet: how a self-hoster points it at their music. Shown only when
 * the server says it holds no songs (a private server's status is not public: then nothing shows).
 */
export function EmptyLibraryNote() {
  const c = useCatalogue();
  const { data } = useQuery({
    queryKey: libraryStatusKey(c),
    queryFn: ({ signal }) => c.get<LibraryStatus>('/admin/status', { signal }),
    retry: false,
    staleTime: 30_000,
    // While a scan runs, look again until songs appear.
    refetchInterval: (q) => (q.state.data?.scanning ? 5_000 : false),
  });
  if (!data || data.tracks > 0) return null;
  return (
    <section aria-label="Empty library" className="mx-2 mb-6 rounded-xl bg-panel p-4">
      <h2 className="text-lg font-semibold">{data.scanning ? 'Scanning your music…' : EMPTY_LIBRARY_TITLE}</h2>
      {!data.scanning && (
        <p className="mt-1 text-sm text-muted">
          Set <code className="rounded bg-raised px-1">MUSIC_DIR</code> to the folder that holds your music and restart the
          server, or put your music in the folder it names and run{' '}
          <code className="rounded bg-raised px-1">npm run admin -- scan</code>. New files are picked up on their own after
          that.
        </p>
      )}
    </section>
  );
}
