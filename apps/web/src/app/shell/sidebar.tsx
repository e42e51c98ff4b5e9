import { useQuery } from '@tanstack/react-query';
import { Heart, House, Library, ListMusic, RadioTower, Search, ShieldCheck, UserRound } from 'lucide-react';
import { NavLink, useNavigate } from 'react-router';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useIsAdmin } from '../../features/admin/index.js';
import { useSessionUser } from '../../features/auth/session-store.js';
import { useCategoryStore } from '../../features/collection/category-store.js';
import { playlistsQuery } from '../../features/playlists/playlists-query.js';

const LINKS = [
  { to: '/', label: 'Home', Icon: House },
  { to: '/search', label: 'Search', Icon: Search },
  { to: '/library', label: 'Library', Icon: Library },
  { to: '/favorites', label: 'Favorites', Icon: Heart },
  { to: '/radio', label: 'Radio', Icon: RadioTower },
  { to: '/profile', label: 'Profile', Icon: UserRound },
] as const;

const link = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 font-semibold ${isActive ? 'bg-raised text-white' : 'text-muted hover:text-white'}`;

/** The signed-in listener's playlists, under the links (as Library opens them: category userPlaylists). */
function SidebarPlaylists() {
  const user = useSessionUser();
  const backend = useBackend();
  const navigate = useNavigate();
  const { data } = useQuery({ ...playlistsQuery(backend, user?.$id ?? ''), enabled: !!user });
  if (!user || !data || data.length === 0) return null;
  return (
    <div className="mt-4 min-h-0 flex-1 overflow-y-auto border-t border-line pt-3">
      <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">Your playlists</p>
      <ul>
        {data.map((p) => (
          <li key={p.$id}>
            <button
              type="button"
              onClick={() => {
                useCategoryStore.getState().setCategory('userPlaylists');
                void navigate(`/playlist/${encodeURIComponent(p.$id)}`);
              }}
              className="flex w-full items-center gap-3 truncate rounded-lg px-3 py-1.5 text-left text-sm text-muted hover:bg-raised hover:text-white"
            >
              <ListMusic className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{p.name || 'Untitled playlist'}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Admin, for the server's administrators only (SPEC#admin-server-s-administrators). */
function AdminLink() {
  if (!useIsAdmin()) return null;
  return (
    <li>
      <NavLink to="/admin" className={link}>
        <ShieldCheck className="size-5" aria-hidden />
        Admin
      </NavLink>
    </li>
  );
}

/** The desktop sidebar (>= 1024 px): the app's places and the listener's playlists. Phones keep the bottom tabs. */
export function Sidebar({ bottomPx }: { bottomPx: number }) {
  return (
    <nav aria-label="Sidebar" style={{ bottom: bottomPx }} className="fixed top-0 left-0 z-30 hidden w-60 flex-col border-r border-line bg-panel/60 p-3 lg:flex">
      <p className="px-3 pt-2 pb-4 text-xl font-extrabold tracking-tight">Lyra</p>
      <ul className="space-y-0.5">
        {LINKS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} end={to === '/'} className={link}>
              <Icon className="size-5" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
        <AdminLink />
      </ul>
      <SidebarPlaylists />
    </nav>
  );
}
