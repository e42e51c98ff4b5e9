import type { Album } from '@lyra/contracts/catalogue';
import { Link } from 'react-router';
import { coverUrl, decodeEntities } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';

/** An artist page's albums, as a grid of covers under the top songs; each opens its album. */
export function ArtistAlbums({ albums }: { albums: readonly Album[] }) {
  if (albums.length === 0) return null;
  return (
    <section aria-labelledby="artist-albums" className="pt-6">
      <h2 id="artist-albums" className="px-2 pb-3 text-xl font-bold">
        Albums
      </h2>
      <ul className="grid grid-cols-2 gap-4 px-2 sm:grid-cols-3 lg:grid-cols-5 xl:grid-cols-6">
        {albums.map((album) => (
          <li key={album.id}>
            <Link to={`/album/${encodeURIComponent(album.id)}`} data-album-id={album.id} className="block rounded-lg p-1 hover:bg-panel">
              <CoverImage src={coverUrl(album.image)} size={160} className="aspect-square w-full rounded-lg" />
              <span className="mt-1.5 block truncate text-sm font-medium">{decodeEntities(album.name) || 'Unknown Album'}</span>
              <span className="block truncate text-xs text-muted">{[album.year, album.songCount ? `${album.songCount} songs` : null].filter(Boolean).join(' · ')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
