import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { commands } from '../../features/player/commands.js';
import { searchSongsQuery } from '../../shared/lib/catalogue-queries.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { SongRow } from '../../shared/ui/song-row.js';

/** SPEC §9: the search runs 700 ms after the last keystroke. */
const DEBOUNCE_MS = 700;

/** Search (SPEC §2), songs only for now: a tap plays the song alone and opens the player. */
export function SearchRoute() {
  const catalogue = useCatalogue();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTerm(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  const { data, isFetching } = useQuery(searchSongsQuery(catalogue, term));
  return (
    <section className="px-2">
      <h1 className="sr-only">Search</h1>
      <label className="flex items-center gap-2 rounded-full bg-panel px-4 py-2">
        <Search className="size-5 text-muted" aria-hidden />
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search songs, artists, or albums..."
          aria-label="Search songs, artists, or albums"
          className="w-full bg-transparent outline-none placeholder:text-muted"
        />
      </label>
      {!term && <p className="mt-6 text-center text-muted">Search for Songs, Albums, Playlists, Artists</p>}
      {term && data && (
        <>
          <h2 className="mt-4 mb-2 text-lg font-semibold">Search Results</h2>
          {data.results.length === 0 && !isFetching ? (
            <p className="text-muted">No Results Found</p>
          ) : (
            <ul>
              {data.results.map((song) => (
                <SongRow
                  key={song.id}
                  song={song}
                  onPlay={() => {
                    commands.playOnly(song);
                    navigate(`/player/${encodeURIComponent(song.id)}`);
                  }}
                  onAddToQueue={() => commands.addToQueue(song)}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
