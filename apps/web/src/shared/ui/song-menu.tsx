import { MoreHorizontal } from 'lucide-react';
import { createContext, useContext, type MouseEvent } from 'react';
import type { SongLike } from '../lib/song-view.js';

/** Where a song's menu opens: the pointer (right-click, long-press) or under a button. */
export interface SongMenuRequest {
  song: SongLike;
  x: number;
  y: number;
}

/**
 * Opens the song menu (add to playlist, go to album or artist). The app
 * provides it (app/shell/song-menu-root.tsx), so rows in shared/ stay free of
 * features; without a provider rows have no menu.
 */
const SongMenuContext = createContext<((request: SongMenuRequest) => void) | null>(null);
export const SongMenuProvider = SongMenuContext.Provider;

/** The row's handlers: `onContextMenu` for right-click and a touch long-press, `openFrom` for a "More" button. */
export function useSongMenu(song: SongLike): {
  onContextMenu?: (e: MouseEvent) => void;
  openFrom?: (e: MouseEvent<HTMLElement>) => void;
} {
  const open = useContext(SongMenuContext);
  if (!open) return {};
  return {
    onContextMenu: (e) => {
      e.preventDefault();
      open({ song, x: e.clientX, y: e.clientY });
    },
    openFrom: (e) => {
      const r = e.currentTarget.getBoundingClientRect();
      open({ song, x: r.right, y: r.bottom });
    },
  };
}

/** The "More options" button rows show on desktops (phones use a long-press; SPEC's phone rows are unchanged). */
export function SongMenuButton({ title, onClick }: { title: string; onClick?: (e: MouseEvent<HTMLElement>) => void }) {
  if (!onClick) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`More options for ${title}`}
      aria-haspopup="menu"
      className="relative z-[1] hidden size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-raised hover:text-white lg:grid"
    >
      <MoreHorizontal className="size-5" aria-hidden />
    </button>
  );
}
