import { Link } from 'react-router';
import type { Song } from '@lyra/contracts/catalogue';
import { coverUrl, songTitle } from '../../../shared/lib/song-view.js';
import { CoverImage } from '../../../shared/ui/cover-image.js';
import { artistPieces } from '../song-links.js';
import { SongNames } from './song-names.js';

/** Each place's sizes; the mini player keeps the first 20 characters of the artists (SPEC#chrome-mini-player). */
const VARIANTS: Record<'mini' | 'bar', { box: string; cover: number; coverClass: string; titleClass: string; artistChars?: number; artistLink?: string }> = {
  mini: {
    box: 'relative flex min-w-0 flex-1 items-center gap-3',
    cover: 44,
    coverClass: 'size-11 shrink-0 rounded-lg',
    titleClass: 'block truncate text-sm font-semibold after:absolute after:inset-0',
    artistChars: 20,
  },
  bar: {
    box: 'relative flex min-w-0 items-center gap-3',
    cover: 56,
    coverClass: 'size-14 shrink-0 rounded-md',
    titleClass: 'block truncate text-sm font-semibold after:absolute after:inset-0 hover:underline',
    artistLink: 'hover:text-white',
  },
};

/**
 * The playing song in the mini player and the desktop bar: its cover, its title (whose link covers
 * the cover too and opens /player/{id}) and its primary artists, whose links lie over it. The test
 * ids are `{variant}-title` and `{variant}-artists`.
 */
export function NowPlayingSong({ song, variant }: { song: Song; variant: 'mini' | 'bar' }) {
  const v = VARIANTS[variant];
  const title = songTitle(song);
  return (
    <div className={v.box}>
      <CoverImage src={coverUrl(song.image, 1)} size={v.cover} className={v.coverClass} />
      <span className="min-w-0">
        <Link
          to={`/player/${encodeURIComponent(song.id)}`}
          aria-label={`Open player: ${title}`}
          className={v.titleClass}
          data-testid={`${variant}-title`}
        >
          {title}
        </Link>
        <span className="pointer-events-none relative block truncate text-xs text-muted" data-testid={`${variant}-artists`}>
          <SongNames pieces={artistPieces(song, v.artistChars)} linkClass={v.artistLink} />
        </span>
      </span>
    </div>
  );
}
