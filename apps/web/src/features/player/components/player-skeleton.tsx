import { DEFAULT_COVER } from '../../../shared/lib/song-view.js';

/**
 * The player while its song loads: a cover placeholder where the cover will
 * be. index.html paints the same markup before any script runs on /player/*.
 */
export function PlayerSkeleton() {
  return (
    <div className="fixed inset-0 overflow-hidden bg-surface" role="status" aria-label="Loading song">
      <div className="relative mx-auto flex h-full max-w-md flex-col gap-4 px-5 pt-3">
        <div className="h-11" />
        <div className="py-2">
          <img src={DEFAULT_COVER} alt="" width={500} height={500} className="mx-auto aspect-square w-full max-w-[22rem] rounded-2xl bg-raised object-cover opacity-40" />
        </div>
      </div>
    </div>
  );
}
