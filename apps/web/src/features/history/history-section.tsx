import type { Song } from '@lyra/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { songsByIdsQuery } from '../../shared/lib/catalogue-queries.js';
import { SongRow } from '../../shared/ui/song-row.js';
import { useSessionUser } from '../auth/index.js';
import { commands } from '../player/index.js';
import { groupByDay } from './group-by-day.js';
import { historyQuery } from './history-queries.js';

/** Plays shown in Library: the newest 100, grouped by day. */
const SHOWN = 100;

/** Library's History: what the listener played (counted plays), grouped by day, newest first. */
export function HistorySection() {
  const user = useSessionUser();
  const backend = useBackend();
  const catalogue = useCatalogue();
  const history = useQuery({ ...historyQuery(backend, user?.$id ?? ''), enabled: !!user });
  const entries = (history.data ?? []).slice(0, SHOWN);
  const ids = [...new Set(entries.map((e) => e.songId))];
  const songs = useQuery(songsByIdsQuery(catalogue, ids));
  if (!user || entries.length === 0) return null;
  const byId = new Map((songs.data ?? []).map((s) => [s.id, s]));
  const days = groupByDay(
    entries.flatMap((e) => {
      const song = byId.get(e.songId);
      return song ? [{ ...e, song }] : [];
    }),
    Date.now(),
  );
  const play = (list: Song[], index: number) => commands.playListRow(list, index);
  return (
    <section aria-labelledby="library-history" className="mt-6">
      <h2 id="library-history" className="pb-2 text-lg font-semibold">
        History
      </h2>
      {days.map((day) => {
        const list = day.entries.map((e) => e.song);
        return (
          <div key={day.label} className="mb-3">
            <h3 className="px-2 pb-1 text-sm font-semibold text-muted">{day.label}</h3>
            <ul>
              {day.entries.map((e, i) => (
                <SongRow key={`${e.playedAt}-${e.songId}`} song={e.song} onPlay={() => play(list, i)} onAddToQueue={() => commands.addToQueue(e.song)} />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
