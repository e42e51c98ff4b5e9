import type { Album } from '@lyra/contracts/catalogue';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { AlbumTile } from '../../shared/ui/album-tile.js';
import type { PageQuery } from './browse-queries.js';
import { LetterRail, scrollToRow } from './letter-rail.js';
import { useFollowLinks } from './follow-links.js';
import { TilePlaceholder } from './list-placeholders.js';
import { useListScroll } from './browse-scroll.js';
import { usePagedList } from './use-paged-list.js';
import { ROW_CONTAINMENT } from './virtual-row.js';
import { CAPTION_PX, GAP_PX, gridColumns } from './list-geometry.js';

/** The covers' drawn size (their `width` and `height`; the grid sets the shown width). */
const COVER_PX = 300;
/**
 * A tile up to this many device pixels wide shows the server's 150 px picture (a desktop tile at
 * 1440 px is about 175), wider ones its 500 px picture: a fast scroll brings a screenful of new
 * covers several times a second, and each 500 px one costs eleven times the pixels to decode.
 */
const SMALL_COVER_MAX_PX = 180;

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  // Unknown until the grid is in the page: no tiles are drawn for a guessed width, only to be drawn again.
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * One place in the grid, kept as it is while the list scrolls: only the places that come on
 * screen or whose page arrives are drawn again. Its links are plain anchors, followed by the
 * grid's one click handler.
 */
const AlbumCell = memo(function AlbumCell({ album, index, total, smallCover }: { album: Album | undefined; index: number; total: number; smallCover: boolean }) {
  return (
    <div role="listitem" aria-posinset={index + 1} aria-setsize={total}>
      {album ? <AlbumTile album={album} coverPx={COVER_PX} cover={smallCover ? 1 : 2} plainLinks waitWhileFast /> : <TilePlaceholder />}
    </div>
  );
});

/**
 * Albums as a grid of covers, virtualised by rows against the window's
 * scroll and read a page at a time, so 10,000 albums keep a screenful of
 * tiles in the page.
 */
export function AlbumGrid({ pages, empty }: { pages: PageQuery<Album>; empty: string }) {
  const [sizer, width] = useWidth();
  const { columns, tile } = gridColumns(width ?? 0);
  const rowHeight = Math.round(tile + CAPTION_PX + GAP_PX);
  const smallCover = tile * (window.devicePixelRatio || 1) <= SMALL_COVER_MAX_PX;
  const scroll = useListScroll(pages);
  const list = usePagedList(pages, { rowHeight, perRow: columns, initialOffset: scroll });
  const { total, rows, itemAt, virtualizer, first } = list;
  const letters = first.data?.letters;
  const followLink = useFollowLinks();
  return (
    <div ref={sizer}>
      {letters && total > 0 ? <LetterRail letters={letters} onJump={(start) => scrollToRow(virtualizer.options.scrollMargin, Math.floor(start / columns), rowHeight)} /> : null}
      {first.isPending ? (
        <div className="grid gap-4" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }} data-testid="grid-placeholders">
          {Array.from({ length: columns * 3 }, (_, i) => (
            <TilePlaceholder key={i} />
          ))}
        </div>
      ) : first.isError ? (
        <p className="py-8 text-center text-muted">Couldn't load your albums. Please try again later.</p>
      ) : total === 0 ? (
        <p className="py-8 text-center text-muted">{empty}</p>
      ) : null}
      <div ref={list.listRef} role="list" aria-label="Albums" className="relative" style={{ height: virtualizer.getTotalSize() }} onClick={followLink}>
        {(width == null ? [] : rows).map((row) => (
          <div
            key={row.key}
            className="absolute inset-x-0 top-0 grid items-start gap-4"
            style={{
              height: rowHeight,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              contain: ROW_CONTAINMENT,
            }}
          >
            {Array.from({ length: columns }, (_, c) => {
              const i = row.index * columns + c;
              return i < total ? <AlbumCell key={i} album={itemAt(i)} index={i} total={total} smallCover={smallCover} /> : null;
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
