import { useQuery } from '@tanstack/react-query';
import type { RadioStation } from '@lyra/contracts/radio';
import { Pause, Play } from 'lucide-react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { commands, usePlayerStore } from '../player/index.js';
import { radioStationsQuery } from './radio-queries.js';
import { radioSong, radioSongId } from './radio-song.js';

/**
 * Radio (/radio): the server's internet radio stations, by name. Tapping one
 * plays it alone in the player as a live stream (no seek bar, no length), with
 * its generated cover;
 * tapping the one playing pauses it. Its home page, when it has one, opens in
 * a new tab.
 */
export function RadioScreen() {
  const catalogue = useCatalogue();
  const { data, isPending, isError } = useQuery(radioStationsQuery(catalogue));
  return (
    <section className="px-2">
      <h1 className="pt-2 pb-3 text-2xl font-bold">Radio</h1>
      {isPending ? (
        <p className="text-muted">Loading stations…</p>
      ) : isError ? (
        <p className="text-muted">The stations could not be loaded.</p>
      ) : data.length === 0 ? (
        <p className="text-muted">No radio stations yet. An administrator adds them from a Subsonic app.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Radio stations">
          {data.map((s) => (
            <StationRow key={s.id} station={s} base={catalogue.hosts[0] ?? '/api'} />
          ))}
        </ul>
      )}
    </section>
  );
}

function StationRow({ station, base }: { station: RadioStation; base: string }) {
  const current = usePlayerStore((s) => s.queue[s.currentIndex]?.id === radioSongId(station.id));
  const playing = usePlayerStore((s) => current && s.isPlaying);
  const play = () => (current ? commands.toggle() : commands.playOnly(radioSong(station, base)));
  return (
    <li className="flex items-center gap-3 rounded-xl bg-panel p-3">
      <img src={station.image} alt="" loading="lazy" className="size-12 shrink-0 rounded-lg bg-raised object-cover" />
      <span className="min-w-0 flex-1">
        <span className={`block truncate font-semibold ${current ? 'text-accent-text' : ''}`}>{station.name}</span>
        {station.homePageUrl ? (
          <a href={station.homePageUrl} target="_blank" rel="noopener noreferrer" className="block truncate text-sm text-muted hover:text-white">
            {new URL(station.homePageUrl).host}
          </a>
        ) : null}
      </span>
      <button
        type="button"
        onClick={play}
        aria-label={`${playing ? 'Pause' : 'Play'} ${station.name}`}
        className="grid size-10 shrink-0 place-items-center rounded-full bg-accent text-white"
      >
        {playing ? <Pause className="size-5 fill-white" aria-hidden /> : <Play className="size-5 fill-white" aria-hidden />}
      </button>
    </li>
  );
}
