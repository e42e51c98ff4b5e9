import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../shared/lib/toast.js';
import { describeFailure, isTransient, type BackendApi, type BackendFailure } from '../../shared/lib/backend.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { currentUser } from '../auth/index.js';
import {
  claimUnowned,
  dropAdd,
  dropPlaylist,
  dropRemoval,
  isPendingPlaylistId,
  readPendingAdds,
  readPendingPlaylists,
  readPendingRemovals,
  settlePlaylist,
  toSendFor,
} from './pending-changes.js';
import { dropRename, readPendingRenames } from './pending-renames.js';
import { addSongToPlaylist, createPlaylist, removeSongFromPlaylist, renamePlaylist } from './playlists-api.js';
import { forgetPlaylistSongs, readPlaylistSongs, writePlaylistSongs, type UserPlaylist } from './playlists-cache.js';
import { playlistSongsKey } from './playlists-keys.js';
import { editPlaylists, putBackSong, refreshPlaylists } from './playlists-query.js';

/** SPEC#errors-playlists, SPEC#states-playlist-changes-made: a playlist the server would not create (1.5 s, as in the Create Playlist dialog). */
export const CREATE_FAILED = 'Playlist not created, try after some time';
/** SPEC#errors-playlists, SPEC#states-playlist-changes-made: a removal the server refused; the song is back in the playlist. */
export const REMOVE_FAILED = "couldn't remove, try again after sometime";

/** Playlists created offline that the server now has: the local id a screen may still show, and the server's. */
const created = new Map<string, string>();

/** The server's id of a playlist created offline, once it exists there. */
export const serverIdOf = (localId: string): string | undefined => created.get(localId);

let sending: Promise<void> | null = null;
/** The run asked for last: a new one while another runs is made once that ends, for the account signed in then. */
let next: (() => Promise<void>) | null = null;
const takeNext = () => {
  const run = next;
  next = null;
  return run;
};

/**
 * Sends the playlist changes made offline (pending-changes.ts,
 * pending-renames.ts), in the order they depend on: playlists created offline
 * first (their songs then go to the server's id), then renames, then
 * additions, then removals. No answer keeps the rest for
 * next time. A song already in the playlist, or already gone from it, counts
 * as sent. A refusal undoes the change on screen: a playlist the server would
 * not create goes ('Playlist not created, try after some time'), a removed
 * song comes back ("couldn't remove, try again after sometime"), an addition
 * is dropped. One run at a time, across this device's tabs too. Only the
 * changes of the account signed in are sent, and a run stops as soon as
 * another account is signed in (the rest wait for their own account).
 */
export function sendPendingChanges(api: BackendApi, queryClient: QueryClient, userId: string): Promise<void> {
  next = () => sendOnce(api, queryClient, userId);
  sending ??= (async () => {
    for (let run = takeNext(); run; run = takeNext()) await oneAtATime(run);
  })().finally(() => (sending = null));
  return sending;
}

/** The Web Locks API where there is one, so two tabs never create the same playlist twice. */
async function oneAtATime(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) await locks.request('lyra-playlist-changes', run);
  else await run();
}

async function sendOnce(api: BackendApi, queryClient: QueryClient, userId: string): Promise<void> {
  // Sent with whatever session the device holds: only while it is still this account's.
  const stillSignedIn = () => currentUser()?.$id === userId;
  if (!stillSignedIn()) return;
  claimUnowned(userId);
  for (const p of readPendingPlaylists().filter((x) => x.userId === userId)) {
    if (!stillSignedIn()) return;
    try {
      showCreated(queryClient, userId, p.$id, await createPlaylist(api, userId, p.name, p.description));
    } catch (e) {
      const f = describeFailure(e);
      if (isTransient(f)) return; // Still offline: the rest waits too.
      console.error('An error occured creating a playlist', f.message);
      dropPlaylist(p.$id);
      editPlaylists(queryClient, userId, (list) => list.filter((x) => x.$id !== p.$id));
      forgetPlaylistSongs(p.$id);
      queryClient.removeQueries({ queryKey: playlistSongsKey(p.$id) });
      toast.error(CREATE_FAILED, { duration: TOAST_MS.playlist });
    }
  }
  for (const rename of readPendingRenames().filter((r) => r.userId === userId && !isPendingPlaylistId(r.playlistId))) {
    if (!stillSignedIn()) return;
    try {
      await renamePlaylist(api, rename.playlistId, rename.name, rename.description);
    } catch (e) {
      const f = describeFailure(e);
      if (isTransient(f)) return;
      // Refused (or the playlist is gone): the server's name stands, and shows again.
      console.error("couldn't rename", f.message);
      dropRename(rename.playlistId);
      await refreshPlaylists(queryClient, api, userId).catch(() => undefined);
      continue;
    }
    dropRename(rename.playlistId);
  }
  // Another account's changes, and a playlist still without a server id, wait.
  const sent = await sendEach(toSendFor(userId, readPendingAdds()), stillSignedIn, {
    send: (add) => addSongToPlaylist(api, add.playlistId, add.songId),
    refused: (_add, f) => {
      if (f.type !== 'document_already_exists') console.error('A playlist change made offline was refused:', f.message);
    },
    settle: (add) => {
      dropAdd(add);
      void queryClient.invalidateQueries({ queryKey: playlistSongsKey(add.playlistId) });
    },
  });
  if (!sent) return;
  await sendEach(toSendFor(userId, readPendingRemovals()), stillSignedIn, {
    send: (removal) => removeSongFromPlaylist(api, removal.playlistId, removal.songId),
    refused: (removal, f) => {
      // 404: already gone from the playlist, which is what was asked.
      if (f.code === 404) return;
      console.error("couldn't remove", f.message);
      putBackSong(queryClient, removal.playlistId, removal.songId, removal.position);
      toast.error(REMOVE_FAILED);
    },
    settle: (removal) => {
      dropRemoval(removal);
      void queryClient.invalidateQueries({ queryKey: playlistSongsKey(removal.playlistId) });
    },
  });
}

/**
 * Sends song additions or removals one at a time while the account is still signed in. One sent, or
 * refused (`refused` says so and undoes it on screen), is settled; no answer stops the run (false):
 * it and the rest wait for next time.
 */
async function sendEach<C>(
  changes: readonly C[],
  stillSignedIn: () => boolean,
  { send, refused, settle }: { send: (change: C) => Promise<unknown>; refused: (change: C, f: BackendFailure) => void; settle: (change: C) => void },
): Promise<boolean> {
  for (const change of changes) {
    if (!stillSignedIn()) return false;
    try {
      await send(change);
    } catch (e) {
      const f = describeFailure(e);
      if (isTransient(f)) return false;
      refused(change, f);
    }
    settle(change);
  }
  return true;
}

/** A playlist created offline now exists on the server: shown under the server's id, with its songs. */
function showCreated(queryClient: QueryClient, userId: string, localId: string, playlist: UserPlaylist): void {
  settlePlaylist(localId, playlist.$id);
  created.set(localId, playlist.$id);
  // Realtime may have listed it already.
  editPlaylists(queryClient, userId, (list) =>
    list.some((x) => x.$id === playlist.$id) ? list.filter((x) => x.$id !== localId) : list.map((x) => (x.$id === localId ? playlist : x)),
  );
  const ids = queryClient.getQueryData<string[]>(playlistSongsKey(localId)) ?? readPlaylistSongs(localId) ?? [];
  queryClient.setQueryData(playlistSongsKey(playlist.$id), ids);
  writePlaylistSongs(playlist.$id, ids);
  forgetPlaylistSongs(localId);
  queryClient.removeQueries({ queryKey: playlistSongsKey(localId) });
}
