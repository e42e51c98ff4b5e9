import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ArtistRef, SearchAlbum, SearchPlaylist, Song } from '@lyra/contracts/catalogue';
import { useEffect, useRef } from 'react';
import { toast } from '../../shared/lib/toast.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { searchAlbumsQuery, searchArtistsQuery, searchPlaylistsQuery, searchSongsPagesQuery } from '../../shared/lib/catalogue-queries.js';
import { Spinner } from '../../shared/ui/spinner.js';
import type { SearchCategory } from '../collection/index.js';
import { useOfflineStore } from '../offline/index.js';
import { findKeptSongs, noAnswer } from '../offline/lazy.js';
import { usePlaylists } from '../playlists/lazy.js';
import { AllResults, type OwnPlaylist } from './all-results.js';
import { ownPlaylistsMatching } from './own-playlists.js';
import { AlbumResults, ArtistResults, PlaylistResultItems, SongResults } from './result-lists.js';

/** What the search screen shows: the All view or one of SPEC's four tabs. */
export type SearchView = 'all' | SearchCategory;

/** SPEC#errors-search-failure: what a failed search says. */
export const SEARCH_DOWN =
  'Currently the Server is down, Please try after sometime or you can listen to the most recent songs';

export interface ResultHandlers {
  onSong(song: Song): void;
  onAlbum(album: SearchAlbum): void;
  onArtist(artist: ArtistRef): void;
  onPlaylist(playlist: SearchPlaylist): void;
  /** One of the listener's own playlists (the All view's Playlists). */
  onOwnPlaylist(playlist: OwnPlaylist): void;
}

type Results =
  | { kind: 'all'; songs: Song[]; albums: SearchAlbum[]; artists: ArtistRef[]; playlists: SearchPlaylist[]; ownPlaylists: OwnPlaylist[] }
  | { kind: 'songs'; items: Song[] } | { kind: 'albums'; items: SearchAlbum[] } | { kind: 'artists'; items: ArtistRef[] } | { kind: 'playlists'; items: SearchPlaylist[] };

/**
 * With no network (no server answered, or the search waits for a network), the songs kept on the
 * device that match stand in for the songs; a search that reaches the server and fails still says SEARCH_DOWN.
 */
function useResults(view: SearchView, term: string) {
  const found = useCatalogueResults(view, term);
  const index = useOfflineStore((s) => s.index);
  if (!found.unreached || (view !== 'all' && view !== 'songs')) return found;
  const songs = findKeptSongs(index, term);
  const results: Results = view === 'all' ? { kind: 'all', songs, albums: [], artists: [], playlists: [], ownPlaylists: [] } : { kind: 'songs', items: songs };
  return { ...found, results, isFetching: false, isError: false, more: undefined };
}

function useCatalogueResults(view: SearchView, term: string) {
  const c = useCatalogue();
  // One query per tab; only the open tab's are enabled (the All view's: all four, the same
  // queries as their tabs, so switching between them asks nothing again).
  // Songs come a page (15) at a time, the next when the list's end scrolls into view.
  const all = view === 'all';
  const songs = useInfiniteQuery({ ...searchSongsPagesQuery(c, term), enabled: (all || view === 'songs') && term !== '' });
  const albums = useQuery({ ...searchAlbumsQuery(c, term), enabled: (all || view === 'albums') && term !== '' });
  const artists = useQuery({ ...searchArtistsQuery(c, term), enabled: (all || view === 'artists') && term !== '' });
  const playlists = useQuery({ ...searchPlaylistsQuery(c, term), enabled: (all || view === 'playlists') && term !== '' });
  // The listener's own playlists (none signed out), matched on the device.
  const own = usePlaylists().playlists;
  // The songs search had no answer: the device is offline.
  const unreached = term !== '' && songs.data === undefined && (songs.fetchStatus === 'paused' || noAnswer(songs.error));
  if (all) {
    const parts = [songs, albums, artists, playlists];
    // Shown once each part has answered or failed (a failed part shows nothing, and the toast says why).
    const settled = parts.every((p) => p.data !== undefined || p.isError);
    return {
      results: settled
        ? ({
            kind: 'all',
            songs: songs.data?.pages[0]?.results ?? [],
            albums: albums.data?.results ?? [],
            artists: artists.data?.results ?? [],
            playlists: playlists.data?.results ?? [],
            ownPlaylists: ownPlaylistsMatching(own, term),
          } as Results)
        : undefined,
      isFetching: parts.some((p) => p.isFetching),
      isError: parts.some((p) => p.isError),
      // When the first part failed: the others failing after it do not say it again.
      errorAt: Math.min(...parts.filter((p) => p.isError).map((p) => p.errorUpdatedAt)),
      more: undefined,
      loadingMore: false,
      unreached,
    };
  }
  if (view === 'songs') {
    const items = songs.data?.pages.flatMap((p) => p.results ?? []);
    return {
      results: items ? ({ kind: 'songs', items } as Results) : undefined,
      isFetching: songs.isFetching,
      isError: songs.isError,
      errorAt: songs.errorUpdatedAt,
      more: songs.hasNextPage && !songs.isFetchingNextPage ? () => void songs.fetchNextPage() : undefined,
      loadingMore: songs.isFetchingNextPage,
      unreached,
    };
  }
  const q = { albums, artists, playlists }[view];
  const results: Results | undefined = q.data ? ({ kind: view, items: q.data.results ?? [] } as Results) : undefined;
  return { results, isFetching: q.isFetching, isError: q.isError, errorAt: q.errorUpdatedAt, more: undefined, loadingMore: false, unreached };
}

/** Calls `onVisible` when the element scrolls into view (the end of a list). */
function EndOfList({ onVisible }: { onVisible: (() => void) | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !onVisible || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onVisible();
    }, { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [onVisible]);
  return <div ref={ref} aria-hidden className="h-4" data-testid="search-results-end" />;
}

/** 'Search Results' for the open tab or the All view; 'No Results Found' when there are none. */
export function SearchResults({
  view,
  term,
  handlers,
  onSeeAll,
}: {
  view: SearchView;
  term: string;
  handlers: ResultHandlers;
  onSeeAll: (tab: SearchCategory) => void;
}) {
  const { results, isFetching, isError, errorAt, more, loadingMore } = useResults(view, term);
  useEffect(() => {
    if (isError) toast.error(SEARCH_DOWN);
  }, [isError, errorAt]);
  if (!results) {
    return isFetching ? (
      <div className="grid place-items-center py-10 text-muted">
        <Spinner className="size-6" label="Searching" />
      </div>
    ) : null;
  }
  return (
    <>
      <h2 className="mt-4 mb-2 px-2 text-lg font-semibold">Search Results</h2>
      {results.kind === 'all' ? (
        <AllResults found={results} term={term} handlers={handlers} onSeeAll={onSeeAll} />
      ) : results.items.length === 0 ? (
        <p className="px-2 text-muted">No Results Found</p>
      ) : (
        <ResultList results={results} handlers={handlers} />
      )}
      {loadingMore && (
        <div className="grid place-items-center py-4 text-muted">
          <Spinner className="size-5" label="Loading more results" />
        </div>
      )}
      <EndOfList onVisible={more} />
    </>
  );
}

const grid = 'grid grid-cols-2 gap-3 px-2 sm:grid-cols-3 md:grid-cols-4';

function ResultList({ results, handlers }: { results: Exclude<Results, { kind: 'all' }>; handlers: ResultHandlers }) {
  switch (results.kind) {
    case 'songs':
      return <SongResults songs={results.items} handlers={handlers} />;
    case 'albums':
      return <AlbumResults albums={results.items} handlers={handlers} className={grid} />;
    case 'artists':
      return <ArtistResults artists={results.items} handlers={handlers} className={grid} />;
    case 'playlists':
      return (
        <ul className={grid}>
          <PlaylistResultItems playlists={results.items} handlers={handlers} />
        </ul>
      );
  }
}
