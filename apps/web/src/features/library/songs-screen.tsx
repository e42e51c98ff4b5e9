import type { Song } from '@lyra/contracts/catalogue';
import { PLAYER } from '@lyra/player-core/constants';
import { formatTime } from '@lyra/player-core/time-format';
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
import { useFirstPage, usePagedList } from './use-paged-list.js';
import { ListItem, VirtualBlock } from './virtual-row.js';
import { SONG_ROW_PX } from './list-geometry.js';
import { listPlayButton } from '../../shared/ui/list-play-button.js';

/**
 * Rows come and go this many at a time: a fast scroll then draws a few rows every few frames
 * instead of one row on every frame, and the frames between draw nothing new at all. A block is
 * placed as one (the rows inside it follow each other), so the page has one moved box per block.
 */
const ROWS_PER_BLOCK = 8;
/** Phone: number, title and artist, length. Wider screens add the album; desktops the menu button. */
const COLUMNS =
  'grid grid-cols-[2rem_minmax(0,1fr)_auto] md:grid-cols-[2.5rem_minmax(0,3fr)_minmax(0,2fr)_4rem] lg:grid-cols-[2.5rem_minmax(0,3fr)_minmax(0,2fr)_4rem_2.75rem] items-center gap-3';

const SongRow = memo(function SongRow({ song, index, isCurrent, onPlay }: { song: Song; index: number; isCurrent: boolean; onPlay: (index: number) => void }) {
  const title = songTitle(song);
  const menu = useSongMenu(song);
  return (
    <div className={`${COLUMNS} h-[60px] rounded-lg px-2 hover:bg-panel`} onContextMenu={menu.onContextMenu}>
      <button
        {...listPlayButton(song.id, index, isCurrent, onPlay)}
        className="col-span-3 grid grid-cols-subgrid items-center text-left md:col-span-4"
      >
        <span aria-hidden className={`text-right text-sm tabular-nums ${isCurrent ? 'text-accent-text' : 'text-muted'}`}>
          {index + 1}
        </span>
        <span className="flex min-w-0 items-center gap-3">
          <CoverImage src={coverUrl(song.image, 0)} size={40} waitWhileFast className="size-10 shrink-0 rounded" />
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

/** /library/songs: every song as a table, virtualised; a row plays it and the next 9 (SPEC#list-screen-shared-screen-songs, SPEC#limits-player). */
export function SongsScreen() {
  const catalogue = useCatalogue();
  const [sort, setSort] = useListSort('songs');
  const pages = useMemo(() => songsPages(catalogue, sort), [catalogue, sort]);
  const total = useFirstPage(pages, { read: false }).data?.total;
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
  const scroll = useListScroll(pages);
  const { first, total, listRef, virtualizer, rows, itemAt, itemsFrom } = usePagedList(pages, {
    rowHeight: SONG_ROW_PX * ROWS_PER_BLOCK,
    perRow: ROWS_PER_BLOCK,
    initialOffset: scroll,
  });
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
      <div ref={listRef} role="list" aria-label="Songs" className="relative" style={{ height: total * SONG_ROW_PX }}>
        {rows.map((block) => {
          const from = block.index * ROWS_PER_BLOCK;
          const count = Math.min(ROWS_PER_BLOCK, total - from);
          return (
            <VirtualBlock key={block.key} start={block.start} offset={virtualizer.options.scrollMargin} height={count * SONG_ROW_PX}>
              {Array.from({ length: count }, (_, k) => {
                const i = from + k;
                const song = itemAt(i);
                return (
                  <ListItem key={i} height={SONG_ROW_PX} index={i} total={total}>
                    {song ? <SongRow song={song} index={i} isCurrent={song.id === currentId} onPlay={play} /> : <RowPlaceholder />}
                  </ListItem>
                );
              })}
            </VirtualBlock>
          );
        })}
      </div>
    </>
  );
}
