import type { Album } from '@lyra/contracts/catalogue';
import { useId } from 'react';
import { AlbumTile } from '../../shared/ui/album-tile.js';

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
        {albums.map((album) => (
          <li key={album.id} className="rounded-lg p-1 hover:bg-panel">
            <AlbumTile album={album} coverPx={160} details={byArtists ? 'artists' : 'songs'} />
          </li>
        ))}
      </ul>
    </section>
  );
}
