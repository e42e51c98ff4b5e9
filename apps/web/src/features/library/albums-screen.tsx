import { useMemo, useState } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { AlbumGrid } from './album-grid.js';
import { BrowseHeader, countLabel, FilteredListHeader } from './browse-header.js';
import { ALBUM_SORT_OPTIONS } from './browse-lists.js';
import { albumsPages, genreAlbumsPages, randomSeed } from './browse-queries.js';
import { useListFilter } from './list-filter.js';
import { useListSort } from './use-list-sort.js';
import { useFirstPage } from './use-paged-list.js';

/** /library/albums: every album with songs, as covers, in the chosen sort. */
export function AlbumsScreen() {
  const catalogue = useCatalogue();
  const [sort, setSort] = useListSort('albums');
  const [seed] = useState(randomSeed);
  const filter = useListFilter();
  const pages = useMemo(() => albumsPages(catalogue, sort, seed, filter.applied), [catalogue, sort, seed, filter.applied]);
  const total = useFirstPage(pages, { read: false }).data?.total;
  return (
    <section className="px-2">
      <FilteredListHeader list="albums" one="album" total={total} filter={filter} sort={sort} options={ALBUM_SORT_OPTIONS} onSort={setSort} />
      <AlbumGrid
        key={`${sort} ${filter.applied}`}
        pages={pages}
        empty={filter.applied ? `No albums match “${filter.applied}”.` : 'No albums yet. Add music to your library folder and it shows here.'}
      />
    </section>
  );
}

/** /library/genres/{name}: the albums of one genre, by name. */
export function GenreAlbumsScreen({ genre }: { genre: string }) {
  const catalogue = useCatalogue();
  const pages = useMemo(() => genreAlbumsPages(catalogue, genre), [catalogue, genre]);
  const first = useFirstPage(pages, { read: false }).data;
  const title = first?.genre?.name ?? genre;
  return (
    <section className="px-2">
      <BrowseHeader
        title={title}
        current="genres"
        back={{ to: '/library/genres', label: 'Genres' }}
        count={first == null ? null : countLabel(first.total, 'album', 'albums')}
      />
      <AlbumGrid pages={pages} empty="No albums in this genre." />
    </section>
  );
}
