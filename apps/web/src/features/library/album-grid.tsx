import type { Album } from '@lyra/contracts/catalogue';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { coverUrl, decodeEntities } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import type { PageQuery } from './browse-queries.js';
import { LetterRail, scrollToRow } from './letter-rail.js';
import { useListScroll } from './browse-scroll.js';
import { usePagedList } from './use-paged-list.js';

const GAP_PX = 16;
/** Tiles are at least this wide: 2 across a phone, 6 or 7 across a desktop. */
const MIN_TILE_PX = 150;
/** Name and artist under each cover. */
const CAPTION_PX = 52;

/** How many tiles fit across `width`, and how wide each is. */
export function gridColumns(width: number): { columns: number; tile: number } {
  const columns = Math.max(2, Math.floor((width + GAP_PX) / (MIN_TILE_PX + GAP_PX)));
  return { columns, tile: width > 0 ? (width - GAP_PX * (columns - 1)) / columns : MIN_TILE_PX };
}

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
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

/** An album's artists, or 'Various Artists' when it names none (as Search's album cards say). */
function albumArtists(album: Album): string {
  const names = (album.artists?.primary ?? []).map((a) => a?.name?.trim()).filter(Boolean);
  return names.length > 0 ? decodeEntities([...new Set(names)].join(', ')) : 'Various Artists';
}

function AlbumTile({ album }: { album: Album }) {
  const by = albumArtists(album);
  return (
    <Link to={`/album/${encodeURIComponent(album.id)}`} data-album-id={album.id} className="group block min-w-0 rounded-lg">
      <CoverImage src={coverUrl(album.image)} size={300} className="aspect-square w-full rounded-lg shadow-md transition group-hover:brightness-110" />
      <span className="mt-1.5 block truncate text-sm font-medium">{decodeEntities(album.name) || 'Unknown Album'}</span>
      <span className="block truncate text-xs text-muted">{[by, album.year ? String(album.year) : ''].filter(Boolean).join(' · ')}</span>
    </Link>
  );
}

function TilePlaceholder() {
  return (
    <div aria-hidden className="min-w-0">
      <div className="aspect-square w-full animate-pulse rounded-lg bg-raised" />
      <div className="mt-2 h-3 w-3/4 rounded bg-raised" />
    </div>
  );
}

/**
 * Albums as a grid of covers, virtualised by rows against the window's
 * scroll and read a page at a time, so 10,000 albums keep a screenful of
 * tiles in the page.
 */
export function AlbumGrid({ pages, empty }: { pages: PageQuery<Album>; empty: string }) {
  const [sizer, width] = useWidth();
  const { columns, tile } = gridColumns(width);
  const rowHeight = Math.round(tile + CAPTION_PX + GAP_PX);
  const scroll = useListScroll(true);
  const list = usePagedList(pages, { rowHeight, perRow: columns, initialOffset: scroll });
  const { total, rows, itemAt, virtualizer, first } = list;
  const letters = first.data?.letters;
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
      <div ref={list.listRef} role="list" aria-label="Albums" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => (
          <div
            key={row.key}
            className="absolute inset-x-0 top-0 grid gap-4"
            style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            {Array.from({ length: columns }, (_, c) => {
              const i = row.index * columns + c;
              if (i >= total) return null;
              const album = itemAt(i);
              return (
                <div key={i} role="listitem" aria-posinset={i + 1} aria-setsize={total}>
                  {album ? <AlbumTile album={album} /> : <TilePlaceholder />}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
