import { PLAYER } from '@lyra/player-core/constants';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { coverUrl, primaryArtistNames, songTitle } from '../../../shared/lib/song-view.js';
import { CoverImage } from '../../../shared/ui/cover-image.js';
import { commands } from '../commands.js';
import { usePlayerStore } from '../player-store.js';

/**
 * SPEC §2 queue drawer: lists the queue; 200 ms after opening the current
 * song is scrolled to the centre; a tap selects; every song but the current
 * one can be removed.
 */
export function QueueDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queue = usePlayerStore((s) => s.queue);
  const currentIndex = usePlayerStore((s) => s.currentIndex);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!open) return;
    const t = setTimeout(() => {
      list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'center' });
    }, PLAYER.QUEUE_SCROLL_DELAY_MS);
    return () => clearTimeout(t);
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="sheet-enter fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[75dvh] max-w-xl flex-col rounded-t-2xl bg-panel pb-[env(safe-area-inset-bottom)]">
          <div className="flex items-center justify-between px-5 pt-4 pb-2">
            <Dialog.Title className="text-lg font-bold">Queue</Dialog.Title>
            <Dialog.Close aria-label="Close queue" className="grid size-10 place-items-center rounded-full hover:bg-raised">
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Songs playing next. Tap a song to play it.</Dialog.Description>
          <ol ref={list} className="overflow-y-auto px-3 pb-4" data-testid="queue-list">
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
