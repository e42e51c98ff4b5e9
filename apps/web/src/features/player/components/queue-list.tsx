import { PLAYER } from '@lyra/player-core/constants';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { coverUrl, primaryArtistNames, songTitle } from '../../../shared/lib/song-view.js';
import { CoverImage } from '../../../shared/ui/cover-image.js';
import { commands } from '../commands.js';
import { usePlayerStore } from '../player-store.js';

/**
 * The queue's songs (SPEC#player-queue-drawer-lists): a tap selects; every song but the current one
 * can be removed. 200 ms after `scrollWhen` turns true (the drawer opening, the
 * desktop panel showing) the current song is scrolled to the centre.
 */
export function QueueList({ scrollWhen, className }: { scrollWhen: boolean; className: string }) {
  const queue = usePlayerStore((s) => s.queue);
  const currentIndex = usePlayerStore((s) => s.currentIndex);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!scrollWhen) return;
    const t = setTimeout(() => {
      list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'center' });
    }, PLAYER.QUEUE_SCROLL_DELAY_MS);
    return () => clearTimeout(t);
  }, [scrollWhen]);

  return (
    <ol ref={list} className={className} data-testid="queue-list">
      {queue.map((song, i) => {
        const isCurrent = i === currentIndex;
        const title = songTitle(song);
        return (
          <li key={`${song.id}-${i}`} className={`flex items-center gap-2 rounded-lg px-2 py-1.5 ${isCurrent ? 'bg-raised' : ''}`}>
            <button
              type="button"
              onClick={() => commands.select(i)}
              aria-current={isCurrent ? 'true' : undefined}
              className="flex min-w-0 flex-1 items-center gap-3 text-left"
            >
              <CoverImage src={coverUrl(song.image, 1)} size={44} className="size-11 shrink-0 rounded-md" />
              <span className="min-w-0">
                <span className={`block truncate text-sm font-medium ${isCurrent ? 'text-accent-text' : ''}`}>{title}</span>
                <span className="block truncate text-xs text-muted">{primaryArtistNames(song)}</span>
              </span>
            </button>
            {!isCurrent && (
              <button
                type="button"
                onClick={() => commands.removeAt(i)}
                aria-label={`Remove ${title} from queue`}
                className="grid size-10 shrink-0 place-items-center rounded-full text-muted hover:bg-raised hover:text-white"
              >
                <X className="size-4" aria-hidden />
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
