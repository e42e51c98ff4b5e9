import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CoverImage } from '../../shared/ui/cover-image.js';
import { commands } from '../player/index.js';
import { availableSongs, totalBytes } from './offline-index.js';
import { removeOffline } from './download-manager.js';
import { useOfflineStore } from './offline-store.js';
import { isStorageKept } from './persistent-storage.js';

/** Shown while the browser has not agreed to keep the app's storage (the listener refused, or it decides for itself). */
export const STORAGE_NOT_KEPT_NOTE = 'The browser may clear these downloads when the device runs low on space';

/**
 * A size in the decimal units of Profile's download quality hints (160 kbps is
 * about 1.2 MB a minute): MB, with a decimal under 10 MB, and GB from 1 GB
 * (a browser's quota is often tens of GB).
 */
function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  return `${(bytes / 1e6).toFixed(bytes < 10e6 ? 1 : 0)} MB`;
}

interface BrowserStorage {
  /** The app's use of its quota; null where the browser cannot tell. */
  estimate: { usage: number; quota: number } | null;
  /** Whether the browser keeps the app's storage (persistent-storage.ts); null where it cannot tell. */
  kept: boolean | null;
}

function useBrowserStorage(deps: unknown): BrowserStorage {
  const [estimate, setEstimate] = useState<BrowserStorage['estimate']>(null);
  const [kept, setKept] = useState<boolean | null>(null);
  useEffect(() => {
    void navigator.storage
      ?.estimate?.()
      .then((e) => setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0 }))
      .catch(() => setEstimate(null));
    void isStorageKept().then(setKept);
  }, [deps]);
  return { estimate, kept };
}

/**
 * Library's Downloads: what this device keeps for offline listening, with
 * sizes and the browser's storage use (and a note when the browser may clear
 * them); each collection plays from here without a network, and can be
 * removed.
 */
export function DownloadsSection() {
  const index = useOfflineStore((s) => s.index);
  const collections = Object.entries(index.collections).sort(([, a], [, b]) => b.savedAt - a.savedAt);
  const used = totalBytes(index);
  const { estimate, kept } = useBrowserStorage(used);
  if (collections.length === 0) return null;
  return (
    <section aria-labelledby="library-downloads" className="mt-6">
      <h2 id="library-downloads" className="pb-1 text-lg font-semibold">
        Downloads
      </h2>
      <div className="mb-3 px-1 text-xs text-muted">
        <p>
          {formatBytes(used)} of music on this device
          {estimate && estimate.quota > 0 ? ` · ${formatBytes(estimate.usage)} of ${formatBytes(estimate.quota)} used by the app` : ''}
        </p>
        {estimate && estimate.quota > 0 && (
          <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-white/10" role="meter" aria-label="Storage used" aria-valuenow={Math.round((estimate.usage / estimate.quota) * 100)} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-full rounded-full bg-accent" style={{ width: `${Math.max(1, (estimate.usage / estimate.quota) * 100)}%` }} />
          </div>
        )}
        {kept === false && <p className="mt-1">{STORAGE_NOT_KEPT_NOTE}</p>}
      </div>
      <ul className="flex flex-col gap-1">
        {collections.map(([key, c]) => {
          const songs = availableSongs(index, c);
          const bytes = songs.reduce((n, s) => n + (index.songs[s.id]?.bytes ?? 0), 0);
          return (
            <li key={key} className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-panel">
              <button
                type="button"
                onClick={() => songs.length > 0 && commands.playListRow(songs, 0)}
                className="flex min-w-0 flex-1 items-center gap-3 text-left"
                aria-label={`Play ${c.title} (downloaded)`}
              >
                <CoverImage src={c.image ?? '/logo.svg'} size={48} className="size-12 shrink-0 rounded-md" />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{c.title}</span>
                  <span className="block truncate text-sm text-muted">
                    {songs.length} of {c.songIds.length} songs · {formatBytes(bytes)}
                  </span>
                </span>
              </button>
              <button type="button" onClick={() => void removeOffline(key)} aria-label={`Remove ${c.title} from this device`} className="grid size-11 place-items-center rounded-full text-muted hover:bg-raised hover:text-white">
                <Trash2 className="size-5" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
