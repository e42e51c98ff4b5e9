import { House, Library, Search, UserRound } from 'lucide-react';
import { NavLink } from 'react-router';

const TABS = [
  { to: '/', label: 'Home', Icon: House },
  { to: '/search', label: 'Search', Icon: Search },
  { to: '/library', label: 'Library', Icon: Library },
  { to: '/profile', label: 'Profile', Icon: UserRound },
] as const;

/** SPEC#chrome-bottom-tab-bar: the four tabs; hidden on the player route (the shell decides). */
export function BottomTabs() {
  return (
    <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface pb-[env(safe-area-inset-bottom)]">
      <ul className="mx-auto flex max-w-xl">
        {TABS.map(({ to, label, Icon }) => (
          <li key={to} className="flex-1">
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                `flex flex-col items-center gap-0.5 py-2 text-xs ${isActive ? 'text-white' : 'text-muted hover:text-white'}`
              }
            >
              <Icon className="size-6" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
