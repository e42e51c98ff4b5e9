import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionUser } from '../auth/index.js';
import { describeFailure } from '../../shared/lib/backend.js';
import { copyText } from '../../shared/lib/clipboard.js';
import { Spinner } from '../../shared/ui/spinner.js';
import { adminKey, useAdminApi, type AdminUser } from './admin-api.js';
import { Badge, Card, dangerButton, smallButton } from './admin-ui.js';
import { ago } from './format.js';
import { InvitationsCard } from './invitations-card.js';

const usersKey = [...adminKey, 'users'] as const;

/** One account's row: who, when last active, its devices, and the actions on it. */
function UserRow({ user, self }: { user: AdminUser; self: boolean }) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [resetLink, setResetLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: async (action: (a: Awaited<ReturnType<typeof api>>) => Promise<unknown>) => action(await api()),
    onMutate: () => setError(null),
    onError: (e) => setError(describeFailure(e).message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
  const name = user.name || user.email;
  return (
    <li className="border-b border-line/60 py-3 last:border-0" aria-label={name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{name}</span>
        {user.admin && <Badge>Admin</Badge>}
        {!user.status && <Badge>Blocked</Badge>}
        {self && <Badge>You</Badge>}
      </div>
      <p className="text-sm text-muted">{user.email}</p>
      <p className="text-xs text-muted">
        Last active {ago(user.lastActivity, Date.now())} · {user.devices.length === 1 ? '1 device' : `${user.devices.length} devices`}
      </p>
      {user.devices.length > 0 && (
        <ul className="mt-1 text-xs text-muted" aria-label={`Devices of ${name}`}>
          {user.devices.map((d) => (
            <li key={d.$id}>
              {[d.clientName, d.osName, d.deviceName].filter((x) => x && x !== 'Unknown').join(' · ') || 'Unknown device'}
              {d.ip ? ` · ${d.ip}` : ''} · {ago(d.$updatedAt, Date.now())}
            </li>
          ))}
        </ul>
      )}
      {!self && (
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" disabled={act.isPending} className={smallButton} onClick={() => act.mutate((a) => a.setBlocked(user.$id, user.status))}>
            {user.status ? 'Block' : 'Unblock'}
          </button>
          <button type="button" disabled={act.isPending} className={smallButton} onClick={() => act.mutate((a) => a.setAdmin(user.$id, !user.admin))}>
            {user.admin ? 'Remove admin' : 'Make admin'}
          </button>
          <button
            type="button"
            disabled={act.isPending}
            className={smallButton}
            onClick={() => act.mutate(async (a) => setResetLink((await a.resetPassword(user.$id, false)).link))}
          >
            Reset password
          </button>
          <button type="button" disabled={act.isPending} className={dangerButton} onClick={() => setConfirmDelete(true)}>
            Delete
          </button>
        </div>
      )}
      {resetLink && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <label className="flex min-w-0 flex-1 flex-col gap-1">
            Reset link (valid for 1 hour)
            <input readOnly value={resetLink} className="w-full rounded-lg border border-line bg-surface px-2 py-1 text-xs" onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button type="button" className={smallButton} onClick={() => void copyText(resetLink)}>
            Copy
          </button>
          <button
            type="button"
            className={smallButton}
            onClick={() => act.mutate(async (a) => void (await a.resetPassword(user.$id, true)), { onSuccess: () => setResetLink(null) })}
          >
            Mail it
          </button>
        </div>
      )}
      {confirmDelete && (
        <div role="alertdialog" aria-label={`Delete ${name}?`} className="mt-2 rounded-lg border border-line p-3 text-sm">
          <p>{`Delete ${name}? Their playlists and favourites go too, and they are signed out everywhere.`}</p>
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              className={dangerButton}
              disabled={act.isPending}
              onClick={() => act.mutate((a) => a.deleteUser(user.$id), { onSuccess: () => setConfirmDelete(false) })}
            >
              Delete account
            </button>
            <button type="button" className={smallButton} onClick={() => setConfirmDelete(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {act.isPending && <Spinner className="mt-2 size-4" label="Working" />}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      )}
    </li>
  );
}

/** Admin › Users: invitations, then every account. */
export function UsersPanel() {
  const api = useAdminApi();
  const me = useSessionUser();
  const users = useQuery({ queryKey: usersKey, queryFn: async () => (await api()).listUsers() });
  return (
    <>
      <InvitationsCard />
      <Card title="Users">
        {users.isPending && <Spinner className="mt-4 size-5" label="Loading" />}
        {users.isError && <p className="mt-3 text-sm">{`Couldn't load the users: ${describeFailure(users.error).message}`}</p>}
        {users.data && (
          <ul className="mt-2">
            {users.data.map((u) => (
              <UserRow key={u.$id} user={u} self={u.$id === me?.$id} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
