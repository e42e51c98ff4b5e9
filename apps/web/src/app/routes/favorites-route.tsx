import { useState } from 'react';
import { useSessionUser } from '../../features/auth/session-store.js';
import { FAVORITES } from '../../features/favorites/favorites-cache.js';
import { FavoritesList } from '../../features/favorites/favorites-list.js';
import { useFavoriteIds } from '../../features/favorites/use-favorites.js';

/** SPEC#favorites-cover-image-first: nothing renders when not signed in. */
export function FavoritesRoute() {
  const user = useSessionUser();
  const { ids, isPending } = useFavoriteIds();
  const [pages, setPages] = useState(1);
  if (!user) return null;
  // SPEC#states-favourites, SPEC#states-favourites-page-loads: newest first; pages of 10 appear as the end of the list comes into view.
  const newestFirst = [...ids].reverse();
  return (
    <FavoritesList
      total={ids.length}
      ids={newestFirst.slice(0, pages * FAVORITES.PAGE_SIZE)}
      isPending={isPending}
      onEndReached={pages * FAVORITES.PAGE_SIZE < newestFirst.length ? () => setPages((p) => p + 1) : undefined}
    />
  );
}
