import type { Song } from '@lyra/contracts/catalogue';
import { PLAYER } from '@lyra/player-core/constants';
import { formatTime } from '@lyra/player-core/time-format';
import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { memo, useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { albumName, coverUrl, primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { SongMenuButton, useSongMenu } from '../../shared/ui/song-menu.js';
import { commands, usePlayerStore } from '../player/index.js';
import { BrowseHeader, countLabel, SortSelect } from './browse-header.js';
import { SONG_SORT_OPTIONS } from './browse-lists.js';
import { songsPages, type PageQuery } from './browse-queries.js';
import { useListScroll } from './browse-scroll.js';
import { useListSort } from './use-list-sort.js';
import { usePagedList } from './use-paged-list.js';
import { VirtualRow } from './virtual-row.js';

const ROW_PX = 60;
/** Phone: number, title and artist, length. Wider screens add the album; desktops the menu button. */
const COLUMNS =
  'grid grid-cols-[2rem_minmax(0,1fr)_auto] md:grid-cols-[2.5rem_minmax(0,3fr)_minmax(0,2fr)_4rem] lg:grid-cols-[2.5rem_minmax(0,3fr)_minmax(0,2fr)_4rem_2.75rem] items-center gap-3';

const SongRow = memo(function SongRow({ song, index, isCurrent, onPlay }: { song: Song; index: number; isCurrent: boolean; onPlay: (index: number) => void }) {
  const title = songTitle(song);
  const menu = useSongMenu(song);
  return (
    <div className={`${COLUMNS} h-[60px] rounded-lg px-2 hover:bg-panel`} onContextMenu={menu.onContextMenu}>
      <button
        type="button"
        onClick={() => onPlay(index)}
        data-song-id={song.id}
        data-index={index}
        aria-current={isCurrent ? 'true' : undefined}
        className="col-span-3 grid grid-cols-subgrid items-center text-left md:col-span-4"
      >
        <span aria-hidden className={`text-right text-sm tabular-nums ${isCurrent ? 'text-accent-text' : 'text-muted'}`}>
          {index + 1}
        </span>
        <span className="flex min-w-0 items-center gap-3">
          <CoverImage src={coverUrl(song.image, 0)} size={40} className="size-10 shrink-0 rounded" />
          <span className="min-w-0">
            <span className={`block truncate font-medium ${isCurrent ? 'text-accent-text' : ''}`}>{title}</span>
            <span className="block truncate text-sm text-muted">{primaryArtistNames(song)}</span>
          </span>
        </span>
        <span className="hidden truncate text-sm text-muted md:block">{albumName(song)}</span>
        <span className="text-right text-sm text-muted tabular-nums">{song.duration ? formatTime(song.duration) : ''}</span>
      </button>
      <SongMenuButton title={title} onClick={menu.openFrom} />
    </div>
  );
});

function RowPlaceholder() {
  return (
    <div aria-hidden className={`${COLUMNS} h-[60px] px-2`}>
      <span />
      <span className="flex items-center gap-3">
        <span className="size-10 shrink-0 animate-pulse rounded bg-raised" />
        <span className="h-3 w-40 rounded bg-raised" />
      </span>
    </div>
  );
}

/** /library/songs: every song as a table, virtualised; a row plays it and the next 9 (SPEC §2, §9). */
export function SongsScreen() {
  const catalogue = useCatalogue();
  const [sort, setSort] = useListSort('songs');
  const pages = useMemo(() => songsPages(catalogue, sort), [catalogue, sort]);
  const total = useQuery(pages(1)).data?.total;
  return (
    <section className="px-2">
      <BrowseHeader title="Songs" current="songs" count={total == null ? null : countLabel(total, 'song', 'songs')}>
        <SortSelect value={sort} options={SONG_SORT_OPTIONS} onChange={setSort} />
      </BrowseHeader>
      <SongTable key={sort} pages={pages} />
    </section>
  );
}

function SongTable({ pages }: { pages: PageQuery<Song> }) {
  const scroll = useListScroll(true);
  const { first, total, listRef, virtualizer, rows, itemAt, itemsFrom } = usePagedList(pages, { rowHeight: ROW_PX, initialOffset: scroll });
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  // The tapped song and the next 9, read from the next page when the list's end on screen is a page's end.
  const play = useCallback(
    (index: number) => void itemsFrom(index, PLAYER.LIST_ROW_QUEUE_SIZE).then((songs) => commands.playListRow(songs, 0)),
    [itemsFrom],
  );
  if (first.isError) return <p className="py-8 text-center text-muted">Couldn't load your songs. Please try again later.</p>;
  return (
    <>
      <div className={`${COLUMNS} sticky top-14 z-20 hidden h-9 border-b border-line bg-surface px-2 text-xs tracking-wide text-muted uppercase md:grid`} aria-hidden>
        <span className="text-right">#</span>
        <span>Title</span>
        <span>Album</span>
        <Clock className="ml-auto size-4" />
      </div>
      {first.isPending ? Array.from({ length: 10 }, (_, i) => <RowPlaceholder key={i} />) : null}
      {!first.isPending && total === 0 ? (
        <p className="py-8 text-center text-muted">
          No songs yet. <Link to="/search" className="underline">Search</Link> finds them once your library is scanned.
        </p>
      ) : null}
      <div ref={listRef} role="list" aria-label="Songs" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const song = itemAt(row.index);
          return (
            <VirtualRow key={row.key} start={row.start} offset={virtualizer.options.scrollMargin} height={ROW_PX} index={row.index} total={total}>
              {song ? <SongRow song={song} index={row.index} isCurrent={song.id === currentId} onPlay={play} /> : <RowPlaceholder />}
            </VirtualRow>
          );
        })}
      </div>
    </>
  );
}
