import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSessionUser } from '../auth/index.js';
import { adminServerKey, useAdminApi } from './admin-api.js';
import { LibraryPanel } from './library-panel.js';
import { ServerPanel } from './server-panel.js';
import { StoragePanel } from './storage-panel.js';
import { UsersPanel } from './users-panel.js';
import { Spinner } from '../../shared/ui/spinner.js';
import { useAdminState } from './use-is-admin.js';

const TABS = ['Users', 'Library', 'Transcoding and storage', 'Server'] as const;
type Tab = (typeof TABS)[number];

/**
 * SPEC#admin-server-s-administrators (/admin), for the server's administrators: Users, Library,
 * Transcoding and storage, and Server, one at a time under tabs (on a phone too). Anyone else is sent to
 * Profile; the server refuses their admin calls anyway. `publicLinks` (from the app layer: every account's
 * public links) follows the users.
 */
export function AdminPage({ publicLinks }: { publicLinks?: ReactNode } = {}) {
  const user = useSessionUser();
  const state = useAdminState();
  const isAdmin = state === true;
  const api = useAdminApi();
  const [tab, setTab] = useState<Tab>('Users');
  const server = useQuery({
    queryKey: adminServerKey,
    queryFn: async () => (await api()).server(),
    enabled: isAdmin,
    refetchInterval: tab === 'Server' ? 5_000 : false,
  });
  if (!user) return <Navigate to="/profile" replace />;
  if (state === undefined) return <Spinner className="mt-8 size-6" label="Loading" />;
  if (!isAdmin) return <p className="px-2 pt-8 text-sm text-muted">Only an administrator of this server can open this page.</p>;
  return (
    <section className="px-2 pb-8">
      <h1 className="pt-2 text-2xl font-bold">Admin</h1>
      <div role="tablist" aria-label="Admin" className="mt-3 flex flex-wrap gap-2">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ${tab === t ? 'bg-white text-black' : 'bg-raised text-white'}`}
          >
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab}>
        {tab === 'Users' && (
          <>
            <UsersPanel />
            {publicLinks}
          </>
        )}
        {tab === 'Library' && <LibraryPanel musicFolder={server.data?.musicFolder} />}
        {tab === 'Transcoding and storage' && <StoragePanel />}
        {tab === 'Server' && <ServerPanel info={server} />}
      </div>
    </section>
  );
}
