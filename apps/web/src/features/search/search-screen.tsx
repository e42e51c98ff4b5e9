import type { Song } from '@lyra/contracts/catalogue';
import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { local } from '../../shared/lib/storage.js';
import { searchCategoryOf, useCategoryStore, type SearchCategory } from '../collection/index.js';
import { commands } from '../player/index.js';
import { addToHistory, entryPath, readHistory, removeFromHistory, saveHistory, type HistoryEntry } from './search-history.js';
import { SearchHistoryList } from './search-history-list.js';
import { SearchResults, type ResultHandlers, type SearchView } from './search-results.js';
import { searchTerm, useDebouncedValue } from './use-debounced-value.js';

const TABS: { id: SearchView; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'songs', label: 'Songs' },
  { id: 'albums', label: 'Albums' },
  { id: 'playlists', label: 'Playlists' },
  { id: 'artists', label: 'Artists' },
];
const CATEGORY_OF_TYPE = { song: 'songs', album: 'albums', artist: 'artists', playlist: 'playlists' } as const;
/** The tab the address names (`&tab=songs`); none (or `all`) is the All view. */
const tabOf = (tab: string | null): SearchCategory | null =>
  tab === 'songs' || tab === 'albums' || tab === 'playlists' || tab === 'artists' ? tab : null;

/**
 * Search (SPEC#search-text-box-placeholder, SPEC#states-search): the text updates at once and searches after a 700 ms
 * pause; never when blank. The settled text is kept in the address (`?q=`) so
 * Back from a result finds the results again. Beside SPEC's four tabs, an All
 * tab, open first, shows the top result, then a few songs, albums, playlists and
 * artists; the four tabs set the search category as SPEC says (`&tab=songs`
 * keeps a chosen tab open across Back).
 */
export function SearchScreen() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const settled = useDebouncedValue(text);
  const term = searchTerm(settled);
  const storeCategory = useCategoryStore((s) => s.category);
  const setCategory = useCategoryStore((s) => s.setCategory);
  const category = searchCategoryOf(storeCategory);
  const [all, setAll] = useState(() => tabOf(params.get('tab')) === null);
  // A tab named by the address (Back to a chosen tab) is the category again.
  useEffect(() => {
    const tab = tabOf(params.get('tab'));
    if (tab) setCategory(tab);
    // Only the address Search opened with.
  }, []);
  const view: SearchView = all ? 'all' : category;
  const showTab = (tab: SearchView) => {
    setAll(tab === 'all');
    if (tab !== 'all') setCategory(tab);
  };
  const [history, setHistory] = useState(() => readHistory(local()));
  const input = useRef<HTMLInputElement>(null);
  // The `/` shortcut opens Search ready to type.
  const location = useLocation();
  const focusAsked = (location.state as { focusSearch?: boolean } | null)?.focusSearch === true;
  useEffect(() => {
    if (focusAsked) input.current?.focus();
  }, [focusAsked, location.key]);

  // SPEC#states-search: category userPlaylists is reset to songs here.
  useEffect(() => {
    if (storeCategory === 'userPlaylists') setCategory('songs');
  }, [storeCategory, setCategory]);

  useEffect(() => {
    const tab = all ? null : category;
    if ((params.get('q') ?? '') === term && params.get('tab') === tab) return;
    setParams({ ...(term ? { q: term } : {}), ...(tab ? { tab } : {}) }, { replace: true });
  }, [term, all, category, params, setParams]);

  const remember = (entry: HistoryEntry) => {
    const next = addToHistory(readHistory(local()), entry);
    saveHistory(local(), next);
    setHistory(next);
  };
  const playSong = (song: Song) => {
    // SPEC#search-songs: plays the song alone (the queue is cleared) and opens the player.
    commands.playOnly(song);
    void navigate(entryPath({ type: 'song', id: song.id }));
  };
  const open = (entry: HistoryEntry) => {
    if (entry.type === 'song') return playSong(entry);
    setCategory(CATEGORY_OF_TYPE[entry.type]);
    void navigate(entryPath(entry));
  };
  const handlers: ResultHandlers = {
    onSong: (song) => {
      remember({ ...song, type: 'song' });
      playSong(song);
    },
    onAlbum: (album) => {
      remember({ ...album, type: 'album' });
      open({ ...album, type: 'album' });
    },
    onArtist: (artist) => {
      remember({ ...artist, type: 'artist' });
      open({ ...artist, type: 'artist' });
    },
    onPlaylist: (playlist) => {
      remember({ ...playlist, type: 'playlist' });
      open({ ...playlist, type: 'playlist' });
    },
    onOwnPlaylist: (playlist) => {
      // Opened as Library opens it (SPEC#library-title-your-library: category userPlaylists).
      setCategory('userPlaylists');
      void navigate(`/playlist/${encodeURIComponent(playlist.$id)}`);
    },
  };
  const removeEntry = (entry: HistoryEntry) => {
    const next = removeFromHistory(history, entry);
    saveHistory(local(), next);
    setHistory(next);
  };

  return (
    <section>
      <h1 className="sr-only">Search</h1>
      <div className="flex items-center gap-2 rounded-full bg-panel px-4">
        <Search className="size-5 shrink-0 text-muted" aria-hidden />
        <input
          ref={input}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search songs, artists, or albums..."
          aria-label="Search songs, artists, or albums"
          enterKeyHint="search"
          className="min-w-0 flex-1 bg-transparent py-2.5 outline-none placeholder:text-muted [&::-webkit-search-cancel-button]:hidden"
        />
        {text !== '' && (
          <button
            type="button"
            onClick={() => {
              setText('');
              input.current?.focus();
            }}
            aria-label="Clear search"
            className="-mr-2 grid size-11 shrink-0 place-items-center rounded-full text-muted hover:text-white"
          >
            <X className="size-5" aria-hidden />
          </button>
        )}
      </div>
      <div role="tablist" aria-label="Search in" className="mt-3 flex gap-2 overflow-x-auto px-1">
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={view === tab.id}
            aria-controls="search-panel"
            onClick={() => showTab(tab.id)}
            className={`shrink-0 rounded-full px-4 py-1.5 text-sm font-medium ${view === tab.id ? 'bg-white text-surface' : 'bg-panel text-muted hover:text-white'}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="search-panel" aria-labelledby={`tab-${view}`}>
        {searchTerm(text) === '' ? (
          history.length > 0 ? (
            <SearchHistoryList entries={history} onOpen={open} onRemove={removeEntry} />
          ) : (
            <p className="mt-10 text-center text-muted">Search for Songs, Albums, Playlists, Artists</p>
          )
        ) : (
          <SearchResults view={view} term={term} handlers={handlers} onSeeAll={showTab} />
        )}
      </div>
    </section>
  );
}
