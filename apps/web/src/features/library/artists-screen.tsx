import type { LibraryArtist } from '@lyra/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { coverUrl, decodeEntities } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { colourOf } from './browse-colours.js';
import { BrowseHeader, countLabel, SortSelect } from './browse-header.js';
import { ARTIST_SORT_OPTIONS } from './browse-lists.js';
import { artistsPages, type PageQuery } from './browse-queries.js';
import { useListScroll } from './browse-scroll.js';
import { LetterRail, scrollToRow } from './letter-rail.js';
import { FilterBox, useListFilter } from './list-filter.js';
import { useListSort } from './use-list-sort.js';
import { usePagedList } from './use-paged-list.js';
import { VirtualRow } from './virtual-row.js';

const ROW_PX = 68;

/** Up to two initials of a name without a picture: "Mira Solen" → "MS". */
export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .map((w) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase() || '?';

const AVATAR_COLOURS = ['bg-rose-800', 'bg-orange-800', 'bg-amber-800', 'bg-emerald-800', 'bg-teal-800', 'bg-sky-800', 'bg-indigo-800', 'bg-violet-800', 'bg-fuchsia-800'];

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
      {artist.hasPicture ? (
        <CoverImage src={coverUrl(artist.image, 1)} size={52} className="size-13 shrink-0 rounded-full" />
      ) : (
        <span aria-hidden className={`grid size-13 shrink-0 place-items-center rounded-full text-lg font-semibold text-white ${colourOf(artist.id, AVATAR_COLOURS)}`}>
          {initials(decodeEntities(artist.name))}
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{decodeEntities(artist.name) || 'Unknown Artist'}</span>
        <span className="block truncate text-sm text-muted">{holds.join(' · ')}</span>
      </span>
      <ChevronRight className="size-5 shrink-0 text-muted" aria-hidden />
    </Link>
  );
}

function RowPlaceholder() {
  return (
    <div aria-hidden className="flex h-[68px] items-center gap-3 px-2">
      <div className="size-13 shrink-0 animate-pulse rounded-full bg-raised" />
      <div className="h-3 w-40 rounded bg-raised" />
    </div>
  );
}

/** /library/artists: everyone who sings on a song or owns an album, with a picture. */
export function ArtistsScreen() {
  const catalogue = useCatalogue();
  const [sort, setSort] = useListSort('artists');
  const filter = useListFilter();
  const pages = useMemo(() => artistsPages(catalogue, sort, filter.applied), [catalogue, sort, filter.applied]);
  const total = useQuery(pages(1)).data?.total;
  return (
    <section className="px-2">
      <BrowseHeader title="Artists" current="artists" count={total == null ? null : countLabel(total, 'artist', 'artists')}>
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <FilterBox label="Filter artists" text={filter.text} onChange={filter.setText} />
          <SortSelect value={sort} options={ARTIST_SORT_OPTIONS} onChange={setSort} />
        </div>
      </BrowseHeader>
      <ArtistList key={`${sort} ${filter.applied}`} pages={pages} filter={filter.applied} />
    </section>
  );
}

function ArtistList({ pages, filter }: { pages: PageQuery<LibraryArtist>; filter: string }) {
  const scroll = useListScroll(true);
  const { first, total, listRef, virtualizer, rows, itemAt } = usePagedList(pages, { rowHeight: ROW_PX, initialOffset: scroll });
  if (first.isError) return <p className="py-8 text-center text-muted">Couldn't load your artists. Please try again later.</p>;
  const letters = first.data?.letters;
  return (
    <>
      {letters && total > 0 ? <LetterRail letters={letters} onJump={(start) => scrollToRow(virtualizer.options.scrollMargin, start, ROW_PX)} /> : null}
      {first.isPending ? Array.from({ length: 10 }, (_, i) => <RowPlaceholder key={i} />) : null}
      {!first.isPending && total === 0 ? <p className="py-8 text-center text-muted">{filter ? `No artists match “${filter}”.` : 'No artists yet.'}</p> : null}
      <div ref={listRef} role="list" aria-label="Artists" className="relative max-w-3xl" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const artist = itemAt(row.index);
          return (
            <VirtualRow key={row.key} start={row.start} offset={virtualizer.options.scrollMargin} height={ROW_PX} index={row.index} total={total}>
              {artist ? <ArtistRow artist={artist} /> : <RowPlaceholder />}
            </VirtualRow>
          );
        })}
      </div>
    </>
  );
}
