import { Search, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../../shared/lib/toast.js';
import { copyText } from '../../shared/lib/clipboard.js';
import { useSessionUser } from '../../features/auth/session-store.js';
import { userInitial } from '../../features/profile/user-initial.js';
import { accentButton } from '../../shared/ui/button-classes.js';

/** The promotional text copied by the top bar's share icon (SPEC#chrome-top-bar). */
export const promoText = (origin: string): string =>
  `Listen to free, ad-free music on Lyra: play, queue and share songs from any device. ${origin}/`;

async function shareSite() {
  if (await copyText(promoText(window.location.origin))) toast.success('Link copied to clipboard!');
}

/** SPEC#chrome-top-bar: title, share, search, and Login (or the user's initial) to /profile. */
export function TopBar() {
  const user = useSessionUser();
  return (
    <header className="sticky top-0 z-30 flex items-center gap-1 bg-surface px-4 py-2">
      <Link to="/" className="mr-auto text-xl font-bold tracking-tight">
        Lyra
      </Link>
      <button type="button" onClick={() => void shareSite()} aria-label="Share Lyra" className="grid size-11 place-items-center rounded-full hover:bg-panel">
        <Share2 className="size-5" aria-hidden />
      </button>
      <Link to="/search" aria-label="Search" className="grid size-11 place-items-center rounded-full hover:bg-panel">
        <Search className="size-5" aria-hidden />
      </Link>
      {user ? (
        <Link
          to="/profile"
          aria-label={`Profile of ${user.name || 'you'}`}
          className="ml-1 grid size-9 place-items-center rounded-full bg-accent font-semibold text-white"
        >
          {userInitial(user)}
        </Link>
      ) : (
        <Link to="/profile" className={accentButton('ml-1 px-4 py-1.5 text-sm')}>
          Login
        </Link>
      )}
    </header>
  );
}
