import type { Song } from '@lyra/contracts/catalogue';
import { ArrowDownToLine, CircleCheck, Pause, Play, X } from 'lucide-react';
import { toast } from 'sonner';
import { makeAvailableOffline, pauseDownload, removeOffline, type CollectionRef } from './download-manager.js';
import { collectionKey } from './offline-index.js';
import { useOfflineStore } from './offline-store.js';

const round = 'grid size-10 place-items-center rounded-full hover:bg-white/10';

/**
 * "Make available offline" for an album, a playlist, the favourites or a
 * song: progress while it downloads (pause, cancel), a check once every song
 * is on the device (tap again to remove).
 */
export function OfflineButton({ collection, songs }: { collection: CollectionRef; songs: readonly Song[] }) {
  const key = collectionKey(collection.kind, collection.id);
  const job = useOfflineStore((s) => s.jobs[key]);
  const kept = useOfflineStore((s) => key in s.index.collections);
  const start = () =>
    makeAvailableOffline(collection, songs).catch((e: unknown) =>
      toast.error(`Could not download ${collection.title}: ${e instanceof Error ? e.message : String(e)}`),
    );

  if (job) {
    const percent = Math.round(((job.done + (job.songTotal ? job.songBytes / job.songTotal : 0)) / Math.max(1, job.total)) * 100);
    return (
      <span className="flex items-center gap-1" role="group" aria-label={`Downloading ${collection.title}`}>
        <span
          role="progressbar"
          aria-label="Download progress"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          className="grid size-10 place-items-center rounded-full text-xs font-semibold tabular-nums"
          style={{ background: `conic-gradient(var(--color-accent, #8b5cf6) ${percent * 3.6}deg, rgb(255 255 255 / 0.15) 0)` }}
        >
          <span className="grid size-8 place-items-center rounded-full bg-surface">{job.done}/{job.total}</span>
        </span>
        {job.state === 'running' ? (
          <button type="button" onClick={() => pauseDownload(key)} aria-label="Pause download" className={round}>
            <Pause className="size-5" aria-hidden />
          </button>
        ) : (
          <button type="button" onClick={() => void start()} aria-label="Resume download" className={round}>
            <Play className="size-5" aria-hidden />
          </button>
        )}
        <button type="button" onClick={() => void removeOffline(key)} aria-label="Cancel download" className={round}>
          <X className="size-5" aria-hidden />
        </button>
      </span>
    );
  }
  if (kept) {
    return (
      <button
        type="button"
        onClick={() => void removeOffline(key).then(() => toast.success(`Removed ${collection.title} from this device`))}
        aria-label="Remove download"
        title="Available offline"
        className={`${round} text-emerald-400`}
      >
        <CircleCheck className="size-6" aria-hidden />
      </button>
    );
  }
  return (
    <button type="button" onClick={() => void start()} aria-label="Make available offline" title="Make available offline" className={round}>
      <ArrowDownToLine className="size-6" aria-hidden />
    </button>
  );
}
