import type { LibraryGenre } from '@lyra/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { colourOf } from '../../shared/lib/colour-of.js';
import { BrowseHeader, countLabel } from './browse-header.js';
import { genrePath } from './browse-lists.js';
import { genresQuery } from './browse-queries.js';

/** Tile colours, one per genre by its name, so a genre keeps its colour. */
const COLOURS = ['bg-rose-700', 'bg-orange-700', 'bg-amber-700', 'bg-lime-700', 'bg-emerald-700', 'bg-teal-700', 'bg-sky-700', 'bg-indigo-700', 'bg-violet-700', 'bg-fuchsia-700'];

function GenreTile({ genre }: { genre: LibraryGenre }) {
  return (
    <Link
      to={genrePath(genre.id)}
      className={`flex h-24 flex-col justify-between overflow-hidden rounded-lg p-3 hover:brightness-110 ${colourOf(genre.id, COLOURS)}`}
    >
      <span className="line-clamp-2 text-lg leading-tight font-bold break-words">{genre.name}</span>
      <span className="text-sm text-white/80">{countLabel(genre.albumCount, 'album', 'albums')}</span>
    </Link>
  );
}

/** /library/genres: every genre of the collection, each leading to its albums. */
export function GenresScreen() {
  const catalogue = useCatalogue();
  const genres = useQuery(genresQuery(catalogue));
  const list = genres.data?.results ?? [];
  return (
    <section className="px-2">
      <BrowseHeader title="Genres" current="genres" count={genres.data ? countLabel(genres.data.total, 'genre', 'genres') : null} />
      {genres.isPending ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-hidden data-testid="grid-placeholders">
          {Array.from({ length: 10 }, (_, i) => (
            <div key={i} className="h-24 animate-pulse rounded-lg bg-raised" />
          ))}
        </div>
      ) : genres.isError ? (
        <p className="py-8 text-center text-muted">Couldn't load your genres. Please try again later.</p>
      ) : list.length === 0 ? (
        <p className="py-8 text-center text-muted">No genres yet: songs tagged with a genre show here.</p>
      ) : (
        <ul aria-label="Genres" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {list.map((g) => (
            <li key={g.id}>
              <GenreTile genre={g} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
