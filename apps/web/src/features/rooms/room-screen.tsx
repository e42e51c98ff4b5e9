import type { Song, SongSearchResults } from '@lyra/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { songTitle } from '../../shared/lib/song-view.js';
import { accentButton } from '../../shared/ui/button-classes.js';
import { useSessionUser } from '../auth/index.js';
import { QrCode } from '../profile/ui.js';
import { addToRoom, hostCommand, joinRoom, leaveRoom } from './room-session.js';
import { useRoomStore } from './room-store.js';
import { withRoomKey } from './room-key-urls.js';
import { roomKey, type Room } from './rooms-api.js';
import { useRoomContext } from './use-room-context.js';

const plainButton = 'rounded-full border border-white/20 px-3 py-1 text-sm hover:bg-white/10';

/** The room's songs from the catalogue, by id (asked with an anonymous guest's key: a private server lets it through). */
function useRoomSongs(room: Room | null): Map<string, Song> {
  const catalogue = useCatalogue();
  const ids = [...new Set(room?.queue.map((e) => e.songId) ?? [])];
  const key = room ? roomKey.get(room.$id) : null;
  const { data } = useQuery({
    queryKey: ['rooms', 'songs', ids.join(','), key],
    queryFn: () => catalogue.get<Song[]>(withRoomKey(`/songs?ids=${ids.map(encodeURIComponent).join(',')}`, key)),
    enabled: ids.length > 0,
    staleTime: Infinity,
  });
  return new Map((data ?? []).map((s) => [s.id, s]));
}

/** A search of the catalogue's songs, each with "Add" to the room. */
function AddSongs() {
  const catalogue = useCatalogue();
  const [term, setTerm] = useState('');
  const { data } = useQuery({
    queryKey: ['rooms', 'search', term],
    queryFn: ({ signal }) => catalogue.get<SongSearchResults>(`/search/songs?query=${encodeURIComponent(term)}&limit=10`, { signal }),
    enabled: term.trim() !== '',
  });
  return (
    <section aria-label="Add songs" className="pt-4">
      <input
        type="search"
        aria-label="Search songs to add"
        placeholder="Search songs to add"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        className="w-full rounded-lg bg-white/10 px-3 py-2"
      />
      <ul className="pt-2">
        {(data?.results ?? []).map((song) => (
          <li key={song.id} className="flex items-center justify-between gap-2 py-1">
            <span className="truncate">{songTitle(song)}</span>
            <button type="button" aria-label={`Add ${songTitle(song)}`} className={plainButton} onClick={() => void addToRoom(song)}>
              Add
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Joining: a guest not signed in may give a name. */
function JoinForm({ id }: { id: string }) {
  const ctx = useRoomContext();
  const signedIn = useSessionUser() != null;
  const [name, setName] = useState('');
  return (
    <form
      className="flex flex-col gap-3 pt-2"
      onSubmit={(e) => {
        e.preventDefault();
        void joinRoom(ctx, id, signedIn ? undefined : name.trim() || undefined);
      }}
    >
      <p className="text-muted">You are invited to listen together.</p>
      {!signedIn && (
        <input aria-label="Your name" placeholder="Your name" value={name} maxLength={64} onChange={(e) => setName(e.target.value)} className="rounded-lg bg-white/10 px-3 py-2" />
      )}
      <button type="submit" className={accentButton('px-5 py-2 self-start')}>
        Join the room
      </button>
    </form>
  );
}

/**
 * A listening room (/room/{id}, SPEC#rooms-start-join): its link and QR
 * code, what plays, the queue with who added each song, songs to add, and the
 * host's controls (remove, skip, pause, end the room).
 */
export function RoomScreen() {
  const { id = '' } = useParams();
  const state = useRoomStore();
  const songs = useRoomSongs(state.room);
  const here = state.roomId === id;
  const link = `${location.origin}/room/${id}`;
  const room = here ? state.room : null;
  const host = state.you?.host === true;
  const currentId = room?.current?.entryId ?? null;
  const currentAt = room ? room.queue.findIndex((e) => e.$id === currentId) : -1;
  const upcoming = room ? (currentAt >= 0 ? room.queue.slice(currentAt) : []) : [];
  const title = (songId: string) => (songs.get(songId) ? songTitle(songs.get(songId)!) : 'Loading…');

  return (
    <section className="px-2 pb-8">
      <h1 className="pt-2 pb-1 text-2xl font-bold">Listening room</h1>
      {here && state.ended ? (
        <p role="alert" className="text-muted">
          {state.error ?? 'This listening room has ended.'}
        </p>
      ) : here && state.error ? (
        <p role="alert" className="text-muted">
          {state.error}
        </p>
      ) : !room ? (
        here ? <p className="text-muted">Joining…</p> : <JoinForm id={id} />
      ) : (
        <>
          <p className="pb-3 text-muted">Hosted by {room.hostName} · {room.members.length} listening</p>
          <label className="flex flex-col gap-1 text-sm text-muted">
            Room link
            <input readOnly aria-label="Room link" value={link} onFocus={(e) => e.target.select()} className="rounded-lg bg-white/10 px-3 py-2 text-white" />
          </label>
          <div className="flex items-center gap-4 py-3">
            <QrCode text={link} label="QR code of the room link" />
          </div>
          {host ? (
            <div className="flex flex-wrap gap-2 py-2">
              <button type="button" className={plainButton} onClick={() => void hostCommand({ command: room.current?.pausedMs != null ? 'play' : 'pause' })}>
                {room.current?.pausedMs != null ? 'Play room' : 'Pause room'}
              </button>
              <button type="button" className={plainButton} disabled={!currentId} onClick={() => void hostCommand({ command: 'skip' })}>
                Skip
              </button>
              <button type="button" className={plainButton} onClick={() => void hostCommand({ command: 'end' })}>
                End room
              </button>
            </div>
          ) : (
            <button type="button" className={`${plainButton} my-2`} onClick={() => leaveRoom()}>
              Leave room
            </button>
          )}
          <h2 className="pt-3 text-lg font-semibold">Queue</h2>
          {upcoming.length === 0 ? (
            <p className="text-muted">Nothing is playing. Add a song.</p>
          ) : (
            <ol aria-label="Room queue">
              {upcoming.map((e) => (
                <li key={e.$id} className="flex items-center justify-between gap-2 py-1" aria-current={e.$id === currentId ? 'true' : undefined}>
                  <span className="min-w-0 truncate">
                    {e.$id === currentId ? '▶ ' : ''}
                    {title(e.songId)} <span className="text-sm text-muted">· added by {e.addedBy.name}</span>
                  </span>
                  {(host || e.addedBy.$id === state.you?.$id) && (
                    <button type="button" aria-label={`Remove ${title(e.songId)}`} className={plainButton} onClick={() => void hostCommand({ command: 'remove', entryId: e.$id })}>
                      Remove
                    </button>
                  )}
                </li>
              ))}
            </ol>
          )}
          {state.you?.songsLeft != null && <p className="pt-2 text-sm text-muted">{state.you.songsLeft} songs left to add</p>}
          <AddSongs />
        </>
      )}
    </section>
  );
}
