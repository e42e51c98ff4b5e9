import type { Album } from '@lyra/contracts/catalogue';
import { useId } from 'react';
import { Link } from 'react-router';
import { albumPath, artistLinks } from '../../shared/lib/entity-links.js';
import { coverUrl, decodeEntities } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { NameLinks } from '../../shared/ui/name-links.js';

/**
 * A headed grid of album covers on an artist's screen ("Albums", "Appears on"): each tile
 * opens its album; with `byArtists` it names the album's artists, each a link to their page.
 * Covers line up with the heading's text.
 */
export function AlbumShelf({ heading, albums, byArtists = false }: { heading: string; albums: readonly Album[]; byArtists?: boolean }) {
  const headingId = useId();
  if (albums.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="pt-6">
      <h2 id={headingId} className="px-2 pb-2 text-xl font-bold">
        {heading}
      </h2>
      <ul className="grid grid-cols-2 gap-x-2 gap-y-3 px-1 sm:grid-cols-3 lg:grid-cols-5 xl:grid-cols-6">
        {albums.map((album) => {
          const artists = byArtists ? artistLinks(album.artists?.primary) : [];
          const year = album.year ? String(album.year) : null;
          const count = album.songCount ? `${album.songCount} ${album.songCount === 1 ? 'song' : 'songs'}` : null;
          return (
            <li key={album.id} className="relative rounded-lg p-1 hover:bg-panel">
              <CoverImage src={coverUrl(album.image)} size={160} className="aspect-square w-full rounded-lg" />
              <Link
                to={albumPath(album.id)}
                data-album-id={album.id}
                className="mt-1.5 line-clamp-2 text-sm font-medium break-words after:absolute after:inset-0 after:rounded-lg after:content-['']"
              >
                {decodeEntities(album.name) || 'Unknown Album'}
              </Link>
              <span className="block truncate text-xs text-muted">
                {artists.length > 0 ? (
                  <>
                    <NameLinks links={artists} />
                    {year ? ` · ${year}` : null}
                  </>
                ) : (
                  [year, count].filter(Boolean).join(' · ')
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
