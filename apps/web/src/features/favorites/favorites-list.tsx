import { useEffect, useRef } from 'react';
import { coverUrl, DEFAULT_COVER } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { SongRow } from '../../shared/ui/song-row.js';
import { OfflineButton } from '../offline/ui.js';
import { commands, usePlayerStore } from '../player/index.js';
import { useFavoriteSongs } from './favorite-songs.js';
import { KEPT_FAVORITES } from './kept-favorites.js';

/**
 * SPEC#favorites-cover-image-first: cover (the first favourite's, or the default logo),
 * 'Favorites' with the count, rows with title, primary artists and
 * add-to-queue. A tap makes the song current with the loaded favourites as
 * the queue. An end sentinel asks for the next page. Make available offline
 * keeps every favourite, and the kept copy follows them (kept-favorites.ts).
 */
export function FavoritesList({
  total,
  ids,
  isPending,
  onEndReached,
}: {
  total: number;
  ids: readonly string[];
  isPending: boolean;
  onEndReached: (() => void) | undefined;
}) {
  const { songs, isLoading } = useFavoriteSongs(ids);
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !onEndReached || isLoading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onEndReached();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [onEndReached, isLoading]);

  return (
    <section className="px-2">
      <div className="flex items-end gap-4 pb-4">
        <CoverImage src={songs[0] ? coverUrl(songs[0].image) : DEFAULT_COVER} size={128} className="size-32 rounded-xl" priority />
        <div>
          <h1 className="text-2xl font-bold">Favorites</h1>
          <p className="text-muted" data-testid="favorites-count">
            {total} {total === 1 ? 'song' : 'songs'}
          </p>
          {songs.length > 0 ? (
            <div className="mt-2">
              <OfflineButton collection={{ ...KEPT_FAVORITES, image: coverUrl(songs[0]!.image) }} songs={songs} />
            </div>
          ) : null}
        </div>
      </div>
      {!isPending && total === 0 ? (
        <p className="text-muted">No favorites found, add songs</p>
      ) : (
        <ul aria-label="Favorite songs">
          {songs.map((song, i) => (
            <SongRow
              key={song.id}
              song={song}
              isCurrent={song.id === currentId}
              onPlay={() => commands.playListAt(songs, i)}
              onAddToQueue={() => commands.addToQueue(song)}
            />
          ))}
        </ul>
      )}
      <div ref={sentinel} aria-hidden className="h-4" data-testid="favorites-end" />
    </section>
  );
}
