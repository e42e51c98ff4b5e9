import type { Song } from '@lyra/contracts/catalogue';
import { songCountLabel, totalDurationLabel } from '@lyra/player-core/collection-play';
import { ListPlus, Play, Shuffle } from 'lucide-react';
import { Fragment, useCallback, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { decodeEntities, DEFAULT_COVER, songTitle } from '../../shared/lib/song-view.js';
import { ArtistAvatar } from '../../shared/ui/artist-avatar.js';
import { CoverImage } from '../../shared/ui/cover-image.js';
import type { CollectionRef } from '../offline/index.js';
import { OfflineButton } from '../offline/ui.js';
import { commands } from '../player/index.js';
import { PublicLinkButton } from '../shares/index.js';
import { PlaceholderRow, type RowAction, type RowLook } from './collection-row.js';
import { useScrollMemory } from '../../shared/lib/scroll-memory.js';
import { VirtualSongList } from './virtual-song-list.js';
import { accentButton } from '../../shared/ui/button-classes.js';

/** SPEC#limits-lists: 10 placeholder rows while a list loads. */
export const PLACEHOLDER_ROWS = 10;

/** What a list screen shows, whatever it lists (album, playlist, artist, a user's playlist). */
export interface CollectionView {
  title?: string;
  /** Who made it, as links under the title (an album's artists). */
  byline?: ReactNode;
  /** A note under the title (a playlist created offline). */
  subtitle?: string | null;
  description?: string | null;
  coverUrl?: string;
  /** The picture is an artist's: round, their initials until it has loaded or when it fails. */
  avatar?: { id: string; name: string };
  songs: Song[];
  /** The counts under the title; else the listed songs' count and length. */
  stats?: string;
  isPending: boolean;
  isError?: boolean;
  /** The catalogue has no such album, playlist or artist: the route shows its 404 page. */
  notFound?: boolean;
  /** What "Make available offline" keeps (albums and playlists). */
  offline?: Omit<CollectionRef, 'title' | 'image'>;
  /** Shown between the play buttons and the songs (an artist's albums). */
  before?: ReactNode;
  /** A heading over the songs, when the screen has other sections. */
  songsHeading?: string;
  /** What each row shows besides title and artists. */
  look?: RowLook;
  /** Shown under the songs. */
  more?: ReactNode;
}

export interface CollectionScreenProps extends CollectionView {
  /** The button at each row's end; add-to-queue unless given (a user's own playlist gives remove). */
  actionFor?: (song: Song, index: number) => RowAction | undefined;
  /** Shown under 'No songs available' (SPEC#list-screen-empty-state-no: user playlists add 'Playlist updations make take 5 mins'). */
  emptyNote?: string;
}

export const addToQueueAction = (song: Song): RowAction => ({
  label: `Add ${songTitle(song)} to queue`,
  icon: <ListPlus className="size-5" aria-hidden />,
  onClick: () => commands.addToQueue(song),
});

const PICTURE = 'size-32 shrink-0 shadow-lg sm:size-44';

/** The cover at the top of the screen, or an artist's round picture (a plain circle while the artist loads). */
function HeaderPicture({ coverUrl, avatar, isPending }: Pick<CollectionView, 'coverUrl' | 'avatar' | 'isPending'>) {
  if (!avatar) return <CoverImage src={coverUrl ?? DEFAULT_COVER} size={128} className={`${PICTURE} rounded-xl`} priority />;
  if (isPending) return <span aria-hidden data-picture="pending" className={`${PICTURE} rounded-full bg-raised`} />;
  const src = coverUrl && coverUrl !== DEFAULT_COVER ? coverUrl : null;
  return <ArtistAvatar id={avatar.id} name={decodeEntities(avatar.name)} src={src} size={176} className={`${PICTURE} text-4xl sm:text-5xl`} priority />;
}

/**
 * The shared album / playlist / artist screen (SPEC#list-screen-shared-screen-songs): cover, title and
 * description, then the songs, virtualised. Tapping a row makes it current with
 * the queue set to it plus the next 9. The scroll position is restored when the
 * listener comes back to this address.
 */
export function CollectionScreen({
  title,
  byline,
  subtitle,
  description,
  coverUrl,
  avatar,
  songs,
  stats,
  isPending,
  actionFor = addToQueueAction,
  emptyNote,
  offline,
  before,
  songsHeading,
  look,
  more,
}: CollectionScreenProps) {
  const { pathname } = useLocation();
  const ready = !isPending;
  const play = useCallback((index: number) => commands.playListRow(songs, index), [songs]);

  // Back (POP) returns to where the listener was; a new visit starts at the top (SPEC#list-screen-empty-state-no).
  const initialOffset = useScrollMemory(ready, pathname);

  return (
    <section className="px-2" aria-busy={isPending || undefined}>
      <div className="flex items-end gap-4 px-2 pb-3">
        <HeaderPicture coverUrl={coverUrl} avatar={avatar} isPending={isPending} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words sm:text-4xl">{title ? decodeEntities(title) : isPending ? 'Loading…' : ''}</h1>
          {byline ? <p className="mt-1 text-sm font-medium" data-testid="collection-byline">{byline}</p> : null}
          {subtitle ? <p className="mt-1 text-sm font-medium">{decodeEntities(subtitle)}</p> : null}
          {description ? <p className="mt-1 line-clamp-2 text-sm text-muted">{decodeEntities(description)}</p> : null}
          {stats || songs.length > 0 ? (
            <p className="mt-1 text-sm text-muted" data-testid="collection-stats">
              {(stats ?? `${songCountLabel(songs.length)}, ${totalDurationLabel(songs.map((s) => s.duration))}`).split(', ').map((part, i) => (
                // Each count stays on one line ("2 hr 8 min" is not cut in two).
                <Fragment key={i}>
                  {i > 0 ? ', ' : null}
                  <span className="whitespace-nowrap">{part}</span>
                </Fragment>
              ))}
            </p>
          ) : null}
        </div>
      </div>
      {songs.length > 0 ? (
        <div className="flex items-center gap-2 px-2 pb-3">
          <button
            type="button"
            onClick={() => commands.playAll(songs)}
            className={accentButton('flex items-center gap-2 px-5 py-2.5 shadow hover:brightness-110')}
          >
            <Play className="size-5 fill-white" aria-hidden />
            Play
          </button>
          <button
            type="button"
            onClick={() => commands.shuffleAll(songs)}
            className="flex items-center gap-2 rounded-full bg-raised px-5 py-2.5 font-semibold hover:bg-line"
          >
            <Shuffle className="size-5" aria-hidden />
            Shuffle
          </button>
          {offline && title ? <OfflineButton collection={{ ...offline, title: decodeEntities(title), image: coverUrl ?? null }} songs={songs} /> : null}
          {offline && title && (offline.kind === 'album' || offline.kind === 'userPlaylist') ? (
            <PublicLinkButton item={{ id: offline.id, name: decodeEntities(title) }} />
          ) : null}
        </div>
      ) : null}
      {before}
      {songsHeading && (isPending || songs.length > 0) ? (
        <h2 id="collection-songs" className="px-2 pt-6 pb-2 text-xl font-bold">
          {songsHeading}
        </h2>
      ) : null}
      {isPending ? (
        <div data-testid="list-placeholders">
          {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
            <PlaceholderRow key={i} />
          ))}
        </div>
      ) : songs.length === 0 ? (
        <div className="py-8 text-center text-muted">
          <p>No songs available</p>
          {emptyNote ? <p className="mt-1 text-sm">{emptyNote}</p> : null}
        </div>
      ) : (
        <VirtualSongList songs={songs} onPlay={play} actionFor={actionFor} initialOffset={initialOffset} look={look} />
      )}
      {more}
    </section>
  );
}
