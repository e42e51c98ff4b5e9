import type { LibraryArtist } from '@lyra/contracts/catalogue';
import { ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { coverUrl, decodeEntities } from '../../shared/lib/song-view.js';
import { ArtistAvatar } from '../../shared/ui/artist-avatar.js';
import { countLabel, FilteredListHeader } from './browse-header.js';
import { ARTIST_SORT_OPTIONS } from './browse-lists.js';
import { artistsPages, type PageQuery } from './browse-queries.js';
import { useListScroll } from './browse-scroll.js';
import { LetterRail, scrollToRow } from './letter-rail.js';
import { ItemPlaceholder } from './list-placeholders.js';
import { useListFilter } from './list-filter.js';
import { useListSort } from './use-list-sort.js';
import { useFirstPage, usePagedList } from './use-paged-list.js';
import { VirtualRow } from './virtual-row.js';
import { ARTIST_ROW_PX } from './list-geometry.js';


function ArtistRow({ artist }: { artist: LibraryArtist }) {
  const holds = [
    artist.albumCount > 0 ? countLabel(artist.albumCount, 'album', 'albums') : '',
    countLabel(artist.songCount, 'song', 'songs'),
  ].filter(Boolean);
  return (
    <Link
      to={`/artist/${encodeURIComponent(artist.id)}`}
      data-artist-id={artist.id}
      className="flex h-[68px] items-center gap-3 rounded-lg px-2 hover:bg-panel"
    >
      <ArtistAvatar id={artist.id} name={decodeEntities(artist.name)} src={artist.hasPicture ? coverUrl(artist.image, 1) : null} size={52} className="size-13 text-lg" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{decodeEntities(artist.name) || 'Unknown Artist'}</span>
        <span className="block truncate text-sm text-muted">{holds.join(' · ')}</span>
      </span>
      <ChevronRight className="size-5 shrink-0 text-muted" aria-hidden />
    </Link>
  );
}

const RowPlaceholder = () => <ItemPlaceholder className="flex h-[68px] items-center gap-3 px-2" picture="size-13 shrink-0 rounded-full" line="w-40" />;

/** /library/artists: everyone who sings on a song or owns an album, with a picture. */
export function ArtistsScreen() {
  const catalogue = useCatalogue();
  const [sort, setSort] = useListSort('artists');
  const filter = useListFilter();
  const pages = useMemo(() => artistsPages(catalogue, sort, filter.applied), [catalogue, sort, filter.applied]);
  const total = useFirstPage(pages, { read: false }).data?.total;
  return (
    <section className="px-2">
      <FilteredListHeader list="artists" one="artist" total={total} filter={filter} sort={sort} options={ARTIST_SORT_OPTIONS} onSort={setSort} />
      <ArtistList key={`${sort} ${filter.applied}`} pages={pages} filter={filter.applied} />
    </section>
  );
}

function ArtistList({ pages, filter }: { pages: PageQuery<LibraryArtist>; filter: string }) {
  const scroll = useListScroll(pages);
  const { first, total, listRef, virtualizer, rows, itemAt } = usePagedList(pages, { rowHeight: ARTIST_ROW_PX, initialOffset: scroll });
  if (first.isError) return <p className="py-8 text-center text-muted">Couldn't load your artists. Please try again later.</p>;
  const letters = first.data?.letters;
  return (
    <>
      {letters && total > 0 ? <LetterRail letters={letters} onJump={(start) => scrollToRow(virtualizer.options.scrollMargin, start, ARTIST_ROW_PX)} /> : null}
      {first.isPending ? Array.from({ length: 10 }, (_, i) => <RowPlaceholder key={i} />) : null}
      {!first.isPending && total === 0 ? <p className="py-8 text-center text-muted">{filter ? `No artists match “${filter}”.` : 'No artists yet.'}</p> : null}
      <div ref={listRef} role="list" aria-label="Artists" className="relative max-w-3xl" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const artist = itemAt(row.index);
          return (
            <VirtualRow key={row.key} start={row.start} offset={virtualizer.options.scrollMargin} height={ARTIST_ROW_PX} index={row.index} total={total}>
              {artist ? <ArtistRow artist={artist} /> : <RowPlaceholder />}
            </VirtualRow>
          );
        })}
      </div>
    </>
  );
}
