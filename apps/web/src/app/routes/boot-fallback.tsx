import { PlayerSkeleton } from '../../features/player/components/player-skeleton.js';

/**
 * What shows while the first screen's code loads: the same shell index.html
 * painted (a cover placeholder on the player, else the top bar), so the page
 * never blanks between the static shell and the app.
 */
export function BootFallback() {
  if (window.location.pathname.startsWith('/player/')) return <PlayerSkeleton />;
  return (
    <header className="sticky top-0 z-30 flex items-center gap-1 bg-surface px-4 py-2">
      <span className="mr-auto text-xl leading-11 font-bold tracking-tight">Lyra</span>
    </header>
  );
}
