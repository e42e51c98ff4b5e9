import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { describeFailure } from '../../shared/lib/backend.js';
import { Spinner } from '../../shared/ui/spinner.js';
import { adminKey, useAdminApi, type AdminUser, type LibraryAccess } from './admin-api.js';
import { Card } from './admin-ui.js';
import { nextAccess } from './library-access.js';
import { FailureAlert } from './failure-alert.js';

const librariesKey = [...adminKey, 'libraries'] as const;
const usersKey = [...adminKey, 'users'] as const;

/** One library: its folder, Everyone, and a box per account when it is not everyone's. */
function LibraryRow({ library, users }: { library: LibraryAccess; users: AdminUser[] }) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async (userIds: string[] | null) => (await api()).setLibraryAccess(library.$id, userIds),
    onSuccess: (saved) => queryClient.setQueryData<LibraryAccess[]>(librariesKey, (old) => old?.map((l) => (l.$id === saved.$id ? saved : l))),
  });
  // Administrators see every library: their boxes are not theirs to untick.
  const listeners = users.filter((u) => !u.admin);
  return (
    <li className="border-b border-line/60 py-3 last:border-0" aria-label={library.name}>
      <p className="font-semibold">{library.name}</p>
      <p className="text-xs break-all text-muted">{library.folder}</p>
      <label className="mt-2 flex items-center gap-2 text-sm">
        <input type="checkbox" checked={library.everyone} disabled={save.isPending} onChange={(e) => save.mutate(nextAccess(library, { everyone: e.target.checked }))} />
        Everyone
      </label>
      {!library.everyone && (
        <ul className="mt-1 ml-6" aria-label={`Who can listen to ${library.name}`}>
          {listeners.length === 0 && <li className="text-sm text-muted">No other accounts yet: only administrators can listen.</li>}
          {listeners.map((u) => (
            <li key={u.$id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={library.userIds.includes(u.$id)}
                  disabled={save.isPending}
                  onChange={(e) => save.mutate(nextAccess(library, { userId: u.$id, granted: e.target.checked }))}
                />
                {u.name || u.email}
              </label>
            </li>
          ))}
        </ul>
      )}
      <FailureAlert error={save.error} margin="mt-1" />
    </li>
  );
}

/**
 * Admin › Library › Who can listen: each music library (MUSIC_DIRS) open to everyone (the default) or to the
 * accounts ticked; administrators always see every library. The server checks it on every list, search and
 * media request.
 */
export function LibrariesCard() {
  const api = useAdminApi();
  const libraries = useQuery({ queryKey: librariesKey, queryFn: async () => (await api()).listLibraries() });
  const users = useQuery({ queryKey: usersKey, queryFn: async () => (await api()).listUsers() });
  return (
    <Card title="Who can listen">
      {(libraries.isPending || users.isPending) && <Spinner className="mt-4 size-5" label="Loading" />}
      {libraries.isError && <p className="mt-3 text-sm">{`Couldn't load the libraries: ${describeFailure(libraries.error).message}`}</p>}
      {libraries.data && users.data && (
        <ul aria-label="Libraries">
          {libraries.data.map((l) => (
            <LibraryRow key={l.$id} library={l} users={users.data} />
          ))}
        </ul>
      )}
    </Card>
  );
}
