import type { ArtistRef, SearchAlbum, SearchPlaylist, Song } from '@lyra/contracts/catalogue';
import type { ReactNode } from 'react';
import { PlaylistCard } from '../../shared/ui/playlist-card.js';
import { SongRow } from '../../shared/ui/song-row.js';
import { commands } from '../player/index.js';
import { AlbumCard, ArtistCard } from './result-cards.js';
import type { ResultHandlers } from './search-results.js';

/** Search's results of one kind, as the All view (a few) and the kind's own tab (every page) show them. */
export function SongResults({ songs, handlers }: { songs: readonly Song[]; handlers: ResultHandlers }) {
  return (
    <ul>
      {songs.map((song) => (
        <SongRow key={song.id} song={song} details onPlay={() => handlers.onSong(song)} onAddToQueue={() => commands.addToQueue(song)} />
      ))}
    </ul>
  );
}

/** Cards in a grid, one item each. */
function CardGrid<T extends { id: string }>({ items, className, card }: { items: readonly T[]; className: string; card: (item: T) => ReactNode }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id}>{card(item)}</li>
      ))}
    </ul>
  );
}

export function AlbumResults({ albums, handlers, className }: { albums: readonly SearchAlbum[]; handlers: ResultHandlers; className: string }) {
  return <CardGrid items={albums} className={className} card={(album) => <AlbumCard album={album} onOpen={() => handlers.onAlbum(album)} />} />;
}

export function ArtistResults({ artists, handlers, className }: { artists: readonly ArtistRef[]; handlers: ResultHandlers; className: string }) {
  return <CardGrid items={artists} className={className} card={(artist) => <ArtistCard artist={artist} onOpen={() => handlers.onArtist(artist)} />} />;
}

/** The catalogue's playlists as items of a grid (the All view puts the listener's own before them). */
export function PlaylistResultItems({ playlists, handlers }: { playlists: readonly SearchPlaylist[]; handlers: ResultHandlers }) {
  return playlists.map((playlist) => (
    <li key={playlist.id}>
      <PlaylistCard playlist={playlist} width="w-full" coverPx={160} onOpen={() => handlers.onPlaylist(playlist)} />
    </li>
  ));
}
