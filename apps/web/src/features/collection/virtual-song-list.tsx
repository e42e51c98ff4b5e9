import type { Song } from '@lyra/contracts/catalogue';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { usePlayerStore } from '../player/index.js';
import { CollectionRow, LIST_LOOK, ROW_HEIGHT_PX, type RowAction, type RowLook } from './collection-row.js';

/** SPEC#limits-lists: rows of about 70px, one extra row rendered beyond the screen. */
export const LIST_OVERSCAN = 1;

/**
 * The songs of a list screen, virtualised against the window's scroll, so a
 * 2,000-song playlist keeps a screenful of rows in the page. `onPlay` and
 * `actionFor` should be stable, so rows already on screen do not re-render.
 */
export function VirtualSongList({
  songs,
  onPlay,
  actionFor,
  initialOffset,
  look = LIST_LOOK,
}: {
  songs: readonly Song[];
  onPlay: (index: number) => void;
  actionFor?: (song: Song, index: number) => RowAction | undefined;
  initialOffset: number;
  look?: RowLook;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) setMargin(el.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: songs.length,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: LIST_OVERSCAN,
    scrollMargin: margin,
    initialOffset,
  });
  const currentId = usePlayerStore((s) => s.queue[s.currentIndex]?.id);
  return (
    <div ref={listRef} role="list" aria-label="Songs" className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const song = songs[item.index]!;
        return (
          <div
            key={item.key}
            role="listitem"
            aria-posinset={item.index + 1}
            aria-setsize={songs.length}
            className="absolute inset-x-0 top-0"
            style={{ height: ROW_HEIGHT_PX, transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <CollectionRow
              song={song}
              index={item.index}
              isCurrent={song.id === currentId}
              onPlay={onPlay}
              actionFor={actionFor}
              look={look}
            />
          </div>
        );
      })}
    </div>
  );
}
