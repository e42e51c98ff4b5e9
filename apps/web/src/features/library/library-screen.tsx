import { Heart, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signInToast } from '../../shared/lib/toasts.js';
import { useSessionUser } from '../auth/index.js';
import { HistorySection } from '../history/ui.js';
import { DownloadsSection } from '../offline/ui.js';
import { CreatePlaylistDialog, PlaylistList } from '../playlists/lazy.js';
import { BrowseChips } from './browse-header.js';
import { usePrefetchLibraryLists } from './library-prefetch.js';

const tile = 'flex w-full items-center gap-4 rounded-xl bg-panel p-3 text-left hover:bg-raised';

/**
 * SPEC#library-title-your-library Library: 'Your Library', the 'Create New Playlist' tile, the
 * Favorites tile (to /favorites when signed in) and the user's playlists;
 * then the listener's History, grouped by day. Chips under the title lead to
 * the whole collection: Albums, Artists, Songs and Genres, and to Radio (Albums' and Songs' first
 * pages are read ahead while Library is on screen).
 */
export function LibraryScreen() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  usePrefetchLibraryLists();
  return (
    <section className="px-2">
      <h1 className="pt-2 pb-3 text-2xl font-bold">Your Library</h1>
      <div className="pb-4">
        <BrowseChips withRadio />
      </div>
      <div className="flex flex-col gap-2">
        <button type="button" onClick={() => setCreating(true)} className={tile}>
          <span className="grid size-12 place-items-center rounded-lg bg-accent text-white">
            <Plus className="size-6" aria-hidden />
          </span>
          <span>
            <span className="block font-semibold">Create New Playlist</span>
            <span className="block text-sm text-muted">Add your favorite songs</span>
          </span>
        </button>
        <button
          type="button"
          onClick={() => (user ? void navigate('/favorites') : signInToast('Sign in for favorites', navigate, { description: 'Click to sign in' }))}
          className={tile}
        >
          <span className="grid size-12 place-items-center rounded-lg bg-rose-600 text-white">
            <Heart className="size-6 fill-white" aria-hidden />
          </span>
          <span className="block font-semibold">Favorites</span>
        </button>
      </div>
      <PlaylistList />
      <DownloadsSection />
      <HistorySection />
      <CreatePlaylistDialog open={creating} onOpenChange={setCreating} />
    </section>
  );
}
