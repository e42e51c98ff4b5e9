import type { Song } from '@lyra/contracts/catalogue';
import { albumName, coverUrl, DEFAULT_COVER, primaryArtistNames, songTitle } from '../../../shared/lib/song-view.js';
import type { ReactNode } from 'react';
import { CoverImage } from '../../../shared/ui/cover-image.js';

/** The player's backdrop: its cover, blurred, under a darkening gradient (the player screen's own). */
export function PlayerBackdrop({ cover }: { cover: string }) {
  return (
    <>
      <img src={cover} alt="" aria-hidden className="absolute inset-0 size-full scale-125 object-cover opacity-45 blur-3xl" />
      <div className="absolute inset-0 bg-gradient-to-b from-black/30 via-black/50 to-black/80" aria-hidden />
    </>
  );
}

/** The player screen's column: its width, gaps and the top inset of a phone's notch. */
export const PLAYER_COLUMN = 'relative mx-auto flex h-full max-w-md flex-col gap-4 px-5 pt-[max(0.75rem,env(safe-area-inset-top))]';

/** The player's cover where the player screen puts it (`wide`: as wide as its column, on a desktop). */
export function PlayerCover({ song, wide = false }: { song: Song; wide?: boolean }) {
  return (
    <CoverImage
      src={coverUrl(song.image)}
      alt={`Cover of ${songTitle(song)}`}
      size={500}
      priority
      className={`mx-auto aspect-square w-full rounded-2xl shadow-2xl ${wide ? '' : 'max-w-[22rem]'}`}
    />
  );
}

/**
 * The song's title, artists and album under the cover. `names` draws the
 * artists and the album (the screen's links, song-names.tsx); the loading
 * skeleton, rendered on the server too, shows them as text.
 */
export function PlayerTitle({ song, names }: { song: Song; names?: { artists: ReactNode; album: ReactNode } }) {
  return (
    <div className="min-w-0">
      <h1 className="truncate text-2xl font-bold" data-testid="player-title">
        {songTitle(song)}
      </h1>
      <p className="truncate text-white/80" data-testid="player-artists">
        {names ? names.artists : primaryArtistNames(song)}
      </p>
      <p className="truncate text-sm text-white/60" data-testid="player-album">
        <span className="sr-only">Album: </span>
        {names ? names.album : albumName(song)}
      </p>
    </div>
  );
}

/**
 * The player while its song loads. With the song known (a shared link: the
 * server put it in the page) it is the player's cover and title, where the
 * screen will have them; else a cover placeholder. The blurred backdrop waits
 * for the screen itself: painting it is slow on a phone, and the first paint
 * should not wait for it. The server sends the same markup in the page's
 * HTML, and index.html paints the placeholder when it has nothing better.
 */
export function PlayerSkeleton({ song }: { song?: Song | undefined }) {
  return (
    <div className="fixed inset-0 overflow-hidden bg-surface" role="status" aria-label="Loading song">
      <div className={PLAYER_COLUMN}>
        <div className="h-11" />
        <div className="py-2">
          {song ? (
            <PlayerCover song={song} />
          ) : (
            <img src={DEFAULT_COVER} alt="" width={500} height={500} className="mx-auto aspect-square w-full max-w-[22rem] rounded-2xl bg-raised object-cover opacity-40" />
          )}
        </div>
        {song && <PlayerTitle song={song} />}
      </div>
    </div>
  );
}
