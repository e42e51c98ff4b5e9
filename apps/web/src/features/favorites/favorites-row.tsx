import { useMemo } from 'react';
import { Link } from 'react-router';
import { coverUrl, primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { commands } from '../player/index.js';
import { useSessionUser } from '../auth/index.js';
import { FAVORITES } from './favorites-cache.js';
import { useFavoriteSongs } from './favorite-songs.js';
import { useFavoriteIds } from './use-favorites.js';

/** Up to `n` ids in random order (SPEC#home-top-bottom-shown: up to 10 random saved favourites). */
export function pickRandom<T>(items: readonly T[], n: number, random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

const PER_PAGE = FAVORITES.HOME_PER_COLUMN * 2;

/**
 * Home's Favorites row (SPEC#home-top-bottom-shown, DESIGN §8: the signed-in-only block): up to
 * 10 random favourites, two columns of 4 per page, pages side by side.
 * Nothing when signed out or without favourites.
 */
export function FavoritesRow() {
  const user = useSessionUser();
  const { ids } = useFavoriteIds();
  const key = ids.join(',');
  const picked = useMemo(() => pickRandom(ids, FAVORITES.HOME_MAX), [key]);
  const { songs } = useFavoriteSongs(picked);
  if (!user || songs.length === 0) return null;
  const pages = Array.from({ length: Math.ceil(songs.length / PER_PAGE) }, (_, p) => songs.slice(p * PER_PAGE, (p + 1) * PER_PAGE));
  return (
    <section aria-labelledby="row-favorites" className="mb-6">
      <div className="flex items-baseline justify-between px-2 pb-2">
        <h2 id="row-favorites" className="text-lg font-semibold">
          Favorites
        </h2>
        <Link to="/favorites" className="text-sm text-accent-text hover:underline">
          See all
        </Link>
      </div>
      <div className="flex snap-x snap-mandatory gap-3 overflow-x-auto px-2 pb-1">
        {pages.map((page, p) => (
          <ul key={p} className="grid w-[92%] shrink-0 snap-start grid-flow-col grid-cols-2 grid-rows-4 gap-x-3 gap-y-1 sm:w-[80%]" data-testid="favorites-page">
            {page.map((song, i) => (
              <li key={song.id} className="min-w-0">
                <button
                  type="button"
                  onClick={() => commands.playListAt(songs, p * PER_PAGE + i)}
                  className="flex w-full min-w-0 items-center gap-2 rounded-lg p-1 text-left hover:bg-panel"
                  data-favorite-song-id={song.id}
                >
                  <CoverImage src={coverUrl(song.image, 1)} size={44} className="size-11 shrink-0 rounded-md" />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{songTitle(song)}</span>
                    <span className="block truncate text-xs text-muted">{primaryArtistNames(song)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ))}
      </div>
    </section>
  );
}
