import type { Album } from '@lyra/contracts/catalogue';
import { Link } from 'react-router';
import { albumPath, artistLinks } from '../lib/entity-links.js';
import { coverUrl, decodeEntities } from '../lib/song-view.js';
import { CoverImage } from './cover-image.js';
import { NameLinks } from './name-links.js';

const TITLE_LINK =
  "mt-1.5 line-clamp-2 text-sm font-medium break-words after:absolute after:inset-0 after:rounded-lg after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-accent";

/**
 * An album's tile: cover, title and its artists ('Various Artists' when it names none), with
 * the year. The title is the link to the album, its tap area stretched over the whole tile;
 * each artist's name is a link to their page drawn above it (no link inside another).
 * `details="songs"` (an artist's own albums, whose artist is the page's) shows the year and
 * the song count instead of the artists. `plainLinks` draws plain anchors to the same addresses,
 * for a long grid that follows them with one click handler of its own (Library's Albums).
 * `cover` is the picture's index in the album's fixed sizes (coverUrl: 2, the 500 px one, unless
 * a small tile asks for the 150 px one). `waitWhileFast`: the cover waits while the page scrolls
 * fast (CoverImage), for a long grid.
 */
export function AlbumTile({
  album,
  coverPx,
  className = '',
  details = 'artists',
  plainLinks = false,
  cover = 2,
  waitWhileFast = false,
}: {
  album: Album;
  coverPx: number;
  className?: string;
  details?: 'artists' | 'songs';
  plainLinks?: boolean;
  cover?: 0 | 1 | 2;
  waitWhileFast?: boolean;
}) {
  const artists = details === 'artists' ? artistLinks(album.artists?.primary) : [];
  const year = album.year ? ` · ${album.year}` : '';
  const title = decodeEntities(album.name) || 'Unknown Album';
  const songs = album.songCount ? `${album.songCount} ${album.songCount === 1 ? 'song' : 'songs'}` : null;
  return (
    <div className={`group relative min-w-0 rounded-lg ${className}`}>
      <CoverImage src={coverUrl(album.image, cover)} size={coverPx} waitWhileFast={waitWhileFast} className="aspect-square w-full rounded-lg shadow-md transition group-hover:brightness-110" />
      {plainLinks ? (
        <a href={albumPath(album.id)} data-album-id={album.id} className={TITLE_LINK}>
          {title}
        </a>
      ) : (
        <Link to={albumPath(album.id)} data-album-id={album.id} className={TITLE_LINK}>
          {title}
        </Link>
      )}
      <span className="block truncate text-xs text-muted">
        {details === 'songs' ? (
          [album.year ? String(album.year) : null, songs].filter(Boolean).join(' · ')
        ) : (
          <>
            {artists.length > 0 ? <NameLinks links={artists} plain={plainLinks} /> : 'Various Artists'}
            {year}
          </>
        )}
      </span>
    </div>
  );
}
