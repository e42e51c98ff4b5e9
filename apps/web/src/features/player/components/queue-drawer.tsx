import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { QueueList } from './queue-list.js';

/**
 * SPEC#player-queue-drawer-lists: lists the queue; 200 ms after opening the current
 * song is scrolled to the centre; a tap selects; every song but the current
 * one can be removed.
 */
export function QueueDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
          <QueueList scrollWhen={open} className="overflow-y-auto px-3 pb-4" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
