import { X } from 'lucide-react';
import { coverUrl, decodeEntities, primaryArtistNames } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import type { HistoryEntry } from './search-history.js';

const TYPE_LABEL: Record<HistoryEntry['type'], string> = { song: 'Song', album: 'Album', artist: 'Artist', playlist: 'Playlist' };

function subtitle(entry: HistoryEntry): string {
  return entry.type === 'song' ? `${TYPE_LABEL.song} · ${primaryArtistNames(entry)}` : TYPE_LABEL[entry.type];
}

/** SPEC#search-history-entries-reopen: recent searches; each reopens its type and has a remove button. */
export function SearchHistoryList({ entries, onOpen, onRemove }: { entries: HistoryEntry[]; onOpen: (e: HistoryEntry) => void; onRemove: (e: HistoryEntry) => void }) {
  return (
    <section aria-labelledby="search-history" className="mt-4">
      <h2 id="search-history" className="px-2 pb-2 text-lg font-semibold">
        Recent searches
      </h2>
      <ul>
        {entries.map((entry) => {
          const name = decodeEntities(entry.name ?? '') || 'Unknown Song';
          return (
            <li key={`${entry.type}:${entry.id}`} className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-panel">
              <button type="button" onClick={() => onOpen(entry)} className="flex min-w-0 flex-1 items-center gap-3 text-left" data-history-type={entry.type}>
                <CoverImage
                  src={coverUrl(entry.image, 1)}
                  size={48}
                  className={`size-12 shrink-0 ${entry.type === 'artist' ? 'rounded-full' : 'rounded-md'}`}
                />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{name}</span>
                  <span className="block truncate text-sm text-muted">{subtitle(entry)}</span>
                </span>
              </button>
              <button
                type="button"
                onClick={() => onRemove(entry)}
                aria-label={`Remove ${name} from search history`}
                className="grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-raised hover:text-white"
              >
                <X className="size-5" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
