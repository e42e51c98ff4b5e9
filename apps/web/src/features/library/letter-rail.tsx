import type { LibraryLetter } from '@lyra/contracts/catalogue';

const INITIALS = ['#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

/** What the app's sticky top bar covers at the top of the window, with a little room. */
export const TOP_BAR_PX = 64;

/** Scrolls the window so that row `row` (of `rowHeight`, the list starting at `listTop`) is just under the top bar. */
export function scrollToRow(listTop: number, row: number, rowHeight: number): void {
  window.scrollTo({ top: Math.max(0, listTop + row * rowHeight - TOP_BAR_PX) });
}

/**
 * A desktop's letter rail beside a list sorted by name: each initial the list
 * has jumps to where it starts (`onJump` gets the item's 0-based position);
 * initials it lacks are shown faded and do nothing.
 */
export function LetterRail({ letters, onJump }: { letters: readonly LibraryLetter[]; onJump: (start: number) => void }) {
  const starts = new Map(letters.map((l) => [l.letter, l.start]));
  return (
    <nav aria-label="Jump to letter" className="fixed top-1/2 right-1 z-20 hidden -translate-y-1/2 flex-col items-center lg:flex">
      {INITIALS.map((letter) => {
        const start = starts.get(letter);
        return (
          <button
            key={letter}
            type="button"
            disabled={start === undefined}
            onClick={() => start !== undefined && onJump(start)}
            aria-label={letter === '#' ? 'Jump to names not starting with a letter' : `Jump to ${letter}`}
            className="grid h-5 w-6 place-items-center rounded text-[11px] font-semibold text-muted hover:bg-raised hover:text-white disabled:opacity-30 disabled:hover:bg-transparent"
          >
            {letter}
          </button>
        );
      })}
    </nav>
  );
}
