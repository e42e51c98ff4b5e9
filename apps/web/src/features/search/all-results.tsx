import type { ArtistRef, SearchAlbum, SearchPlaylist, Song } from '@lyra/contracts/catalogue';
import type { ReactNode } from 'react';
import { coverUrl, decodeEntities, DEFAULT_COVER, primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';
import { ArtistAvatar } from '../../shared/ui/artist-avatar.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import type { SearchCategory } from '../collection/index.js';
import { albumArtists } from './result-cards.js';
import { AlbumResults, ArtistResults, PlaylistResultItems, SongResults } from './result-lists.js';
import type { ResultHandlers } from './search-results.js';
import { topResult, type TopResult } from './top-result.js';

/** How many of each kind the All view shows before 'See all'. */
export const ALL_VIEW_SONGS = 4;
export const ALL_VIEW_CARDS = 6;

/** One of the listener's own playlists, as the All view lists it. */
export interface OwnPlaylist {
  $id: string;
  name: string;
}

export interface AllFound {
  songs: readonly Song[];
  albums: readonly SearchAlbum[];
  artists: readonly ArtistRef[];
  /** The catalogue's playlists. */
  playlists?: readonly SearchPlaylist[];
  /** The listener's own playlists that match. */
  ownPlaylists?: readonly OwnPlaylist[];
}

function OwnPlaylistCard({ playlist, onOpen }: { playlist: OwnPlaylist; onOpen: () => void }) {
  return (
    <button type="button" onClick={onOpen} data-own-playlist-id={playlist.$id} className="block w-full text-left">
      <CoverImage src={DEFAULT_COVER} size={160} className="aspect-square w-full rounded-lg bg-raised" />
      <span className="mt-1.5 block truncate text-sm font-medium">{playlist.name}</span>
      <span className="block truncate text-xs text-muted">Your playlist</span>
    </button>
  );
}

const cards = 'grid grid-cols-3 gap-3 px-2 sm:grid-cols-4 lg:grid-cols-6';

/** One kind's results under its title, with 'See all' opening its tab; nothing when none were found. */
function Section({
  tab,
  title,
  count,
  onSeeAll,
  children,
}: {
  tab: SearchCategory;
  title: string;
  count: number;
  onSeeAll: (tab: SearchCategory) => void;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <section aria-label={title} className="mt-6">
      <div className="mb-2 flex items-baseline justify-between px-2">
        <h3 className="text-lg font-semibold">{title}</h3>
        <button type="button" onClick={() => onSeeAll(tab)} aria-label={`See all ${title.toLowerCase()}`} className="text-sm font-medium text-muted hover:text-white">
          See all
        </button>
      </div>
      {children}
    </section>
  );
}

function TopResultCard({ top, handlers }: { top: TopResult; handlers: ResultHandlers }) {
  const open = () => (top.type === 'song' ? handlers.onSong(top.item) : top.type === 'album' ? handlers.onAlbum(top.item) : handlers.onArtist(top.item));
  const name =
    top.type === 'song' ? songTitle(top.item) : decodeEntities(top.item.name ?? '') || (top.type === 'album' ? 'Unknown Album' : 'Unknown Artist');
  const kind = top.type === 'song' ? `Song · ${primaryArtistNames(top.item)}` : top.type === 'album' ? `Album · ${albumArtists(top.item)}` : 'Artist';
  return (
    <section aria-label="Top result" className="mt-4 px-2">
      <h3 className="mb-2 text-lg font-semibold">Top result</h3>
      <button
        type="button"
        onClick={open}
        data-top-result={top.type}
        className="flex w-full items-center gap-4 rounded-xl bg-panel p-4 text-left hover:bg-raised md:max-w-md md:flex-col md:items-start lg:max-w-none"
      >
        {top.type === 'artist' ? (
          <ArtistAvatar id={top.item.id} name={name} src={coverUrl(top.item.image, 2)} size={96} className="size-20 shrink-0 text-2xl md:size-24 md:text-3xl" />
        ) : (
          <CoverImage src={coverUrl(top.item.image, 2)} size={96} className="size-20 shrink-0 rounded-lg md:size-24" />
        )}
        <span className="min-w-0">
          <span className="line-clamp-2 text-xl font-bold break-words md:text-2xl">{name}</span>
          <span className="block truncate text-sm text-muted">{kind}</span>
        </span>
      </button>
    </section>
  );
}

const playlistCount = (found: AllFound) => (found.ownPlaylists?.length ?? 0) + (found.playlists?.length ?? 0);

/**
 * The All view: the top result, then a few songs, albums, playlists (the listener's own that
 * match first, then the catalogue's) and artists, each with 'See all' opening its tab;
 * 'No Results Found' when none of them found anything.
 */
export function AllResults({ found, term, handlers, onSeeAll }: { found: AllFound; term: string; handlers: ResultHandlers; onSeeAll: (tab: SearchCategory) => void }) {
  const top = topResult(term, found);
  if (!top && playlistCount(found) === 0) return <p className="px-2 text-muted">No Results Found</p>;
  return (
    <>
      {/* On a wide screen the top result and the songs stand side by side. */}
      <div className="lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-4 lg:[&>section]:mt-4">
        {top && <TopResultCard top={top} handlers={handlers} />}
        <Section tab="songs" title="Songs" count={found.songs.length} onSeeAll={onSeeAll}>
          <SongResults songs={found.songs.slice(0, ALL_VIEW_SONGS)} handlers={handlers} />
        </Section>
      </div>
      <Section tab="albums" title="Albums" count={found.albums.length} onSeeAll={onSeeAll}>
        <AlbumResults albums={found.albums.slice(0, ALL_VIEW_CARDS)} handlers={handlers} className={cards} />
      </Section>
      <Section tab="playlists" title="Playlists" count={playlistCount(found)} onSeeAll={onSeeAll}>
        <ul className={cards}>
          {(found.ownPlaylists ?? []).slice(0, ALL_VIEW_CARDS).map((playlist) => (
            <li key={`own-${playlist.$id}`}>
              <OwnPlaylistCard playlist={playlist} onOpen={() => handlers.onOwnPlaylist(playlist)} />
            </li>
          ))}
          <PlaylistResultItems playlists={(found.playlists ?? []).slice(0, Math.max(0, ALL_VIEW_CARDS - (found.ownPlaylists?.length ?? 0)))} handlers={handlers} />
        </ul>
      </Section>
      <Section tab="artists" title="Artists" count={found.artists.length} onSeeAll={onSeeAll}>
        <ArtistResults artists={found.artists.slice(0, ALL_VIEW_CARDS)} handlers={handlers} className={cards} />
      </Section>
    </>
  );
}
