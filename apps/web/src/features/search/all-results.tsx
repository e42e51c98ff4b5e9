import type { ArtistRef, SearchAlbum, Song } from '@lyra/contracts/catalogue';
import type { ReactNode } from 'react';
import { coverUrl, decodeEntities, primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import type { SearchCategory } from '../collection/index.js';
import { commands } from '../player/index.js';
import { AlbumCard, albumArtists, ArtistCard } from './result-cards.js';
import type { ResultHandlers } from './search-results.js';
import { SearchSongRow } from './search-song-row.js';
import { topResult, type TopResult } from './top-result.js';

/** How many of each kind the All view shows before 'See all'. */
export const ALL_VIEW_SONGS = 4;
export const ALL_VIEW_CARDS = 6;

export interface AllFound {
  songs: readonly Song[];
  albums: readonly SearchAlbum[];
  artists: readonly ArtistRef[];
}

const cards = 'grid grid-cols-3 gap-3 px-2 sm:grid-cols-4 lg:grid-cols-6';

function Section({ title, onSeeAll, children }: { title: string; onSeeAll: () => void; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-6">
      <div className="mb-2 flex items-baseline justify-between px-2">
        <h3 className="text-lg font-semibold">{title}</h3>
        <button type="button" onClick={onSeeAll} aria-label={`See all ${title.toLowerCase()}`} className="text-sm font-medium text-muted hover:text-white">
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
        <CoverImage
          src={coverUrl(top.item.image, 2)}
          size={96}
          className={`size-20 shrink-0 md:size-24 ${top.type === 'artist' ? 'rounded-full' : 'rounded-lg'}`}
        />
        <span className="min-w-0">
          <span className="block truncate text-2xl font-bold">{name}</span>
          <span className="block truncate text-sm text-muted">{kind}</span>
        </span>
      </button>
    </section>
  );
}

/**
 * The All view: the top result, then a few songs, albums and artists, each with 'See all'
 * opening its tab; 'No Results Found' when none of them found anything.
 */
export function AllResults({ found, term, handlers, onSeeAll }: { found: AllFound; term: string; handlers: ResultHandlers; onSeeAll: (tab: SearchCategory) => void }) {
  const top = topResult(term, found);
  if (!top) return <p className="px-2 text-muted">No Results Found</p>;
  return (
    <>
      {/* On a wide screen the top result and the songs stand side by side. */}
      <div className="lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-4 lg:[&>section]:mt-4">
        <TopResultCard top={top} handlers={handlers} />
        {found.songs.length > 0 && (
          <Section title="Songs" onSeeAll={() => onSeeAll('songs')}>
            <ul>
              {found.songs.slice(0, ALL_VIEW_SONGS).map((song) => (
                <SearchSongRow key={song.id} song={song} onPlay={() => handlers.onSong(song)} onAddToQueue={() => commands.addToQueue(song)} />
              ))}
            </ul>
          </Section>
        )}
      </div>
      {found.albums.length > 0 && (
        <Section title="Albums" onSeeAll={() => onSeeAll('albums')}>
          <ul className={cards}>
            {found.albums.slice(0, ALL_VIEW_CARDS).map((album) => (
              <li key={album.id}>
                <AlbumCard album={album} onOpen={() => handlers.onAlbum(album)} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {found.artists.length > 0 && (
        <Section title="Artists" onSeeAll={() => onSeeAll('artists')}>
          <ul className={cards}>
            {found.artists.slice(0, ALL_VIEW_CARDS).map((artist) => (
              <li key={artist.id}>
                <ArtistCard artist={artist} onOpen={() => handlers.onArtist(artist)} />
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}
