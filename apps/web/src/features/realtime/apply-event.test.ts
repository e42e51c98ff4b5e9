// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentsChannel, type CollectionName } from '../../shared/lib/backend-ids.js';
import { favoritesKey } from '../favorites/index.js';
import { historyKey, historyQuery } from '../history/index.js';
import { useOfflineStore } from '../offline/index.js';
import { playlistSongsKey, playlistsKey } from '../playlists/index.js';
import { readSongVideo, writeSongVideo } from '../video-mode/index.js';
import { createFakeBackend } from '../../shared/lib/backend-fake.js';
import { applyRealtimeEvent, eventAction, refreshAfterReconnect, VIDEO_READY_MESSAGE } from './apply-event.js';
import { loadToasts } from '../../shared/lib/toast.js';

const event = (collection: CollectionName, action: string, payload: Record<string, unknown> & { $id: string }) => ({
  events: [`${documentsChannel(collection)}.${payload.$id}.${action}`, `databases.*.collections.*.documents.*.${action}`],
  channels: [documentsChannel(collection)],
  payload,
});

let qc: QueryClient;
// Toasts load lazily in the app; here they show at once, so they can be checked right after.
beforeAll(() => loadToasts());
beforeEach(() => {
  localStorage.clear();
  qc = new QueryClient();
});
afterEach(() => vi.restoreAllMocks());

describe('realtime sync (another device changed something)', () => {
  it('reads the action from the concrete event name', () => {
    expect(eventAction(['databases.lyra.collections.Favorite.documents.d1.delete', 'databases.*'])).toBe('delete');
  });

  it("a favourite created or deleted elsewhere shows here, and only the signed-in user's", () => {
    qc.setQueryData(favoritesKey('u1'), ['a']);
    applyRealtimeEvent(qc, 'u1', event('Favorite', 'create', { $id: 'f1', userId: 'u1', songId: 'b' }));
    expect(qc.getQueryData(favoritesKey('u1'))).toEqual(['a', 'b']);
    expect(JSON.parse(localStorage.getItem('favorites')!)).toEqual(['a', 'b']);
    applyRealtimeEvent(qc, 'u1', event('Favorite', 'create', { $id: 'f2', userId: 'u2', songId: 'z' }));
    applyRealtimeEvent(qc, 'u1', event('Favorite', 'delete', { $id: 'f0', userId: 'u1', songId: 'a' }));
    expect(qc.getQueryData(favoritesKey('u1'))).toEqual(['b']);
  });

  it('a favourite event before the list is loaded leaves the list to be read from the server', () => {
    applyRealtimeEvent(qc, 'u1', event('Favorite', 'create', { $id: 'f1', userId: 'u1', songId: 'b' }));
    expect(qc.getQueryData(favoritesKey('u1'))).toBeUndefined();
    expect(localStorage.getItem('favorites')).toBeNull();
  });

  it('playlists created, renamed and deleted elsewhere; songs added and removed', () => {
    qc.setQueryData(playlistsKey('u1'), [{ $id: 'p1', name: 'Mix', userId: 'u1' }]);
    qc.setQueryData(playlistSongsKey('p1'), ['s1']);
    applyRealtimeEvent(qc, 'u1', event('Playlist', 'create', { $id: 'p2', name: 'New', userId: 'u1' }));
    applyRealtimeEvent(qc, 'u1', event('Playlist', 'update', { $id: 'p1', name: 'Renamed', userId: 'u1' }));
    applyRealtimeEvent(qc, 'u1', event('PlaylistSong', 'create', { $id: 'l2', playlistId: 'p1', songId: 's2' }));
    applyRealtimeEvent(qc, 'u1', event('PlaylistSong', 'delete', { $id: 'l1', playlistId: 'p1', songId: 's1' }));
    expect(qc.getQueryData(playlistsKey('u1'))).toEqual([
      { $id: 'p1', name: 'Renamed', userId: 'u1' },
      { $id: 'p2', name: 'New', userId: 'u1' },
    ]);
    expect(qc.getQueryData(playlistSongsKey('p1'))).toEqual(['s2']);
    applyRealtimeEvent(qc, 'u1', event('Playlist', 'delete', { $id: 'p1', name: 'Renamed', userId: 'u1' }));
    expect(qc.getQueryData(playlistsKey('u1'))).toEqual([{ $id: 'p2', name: 'New', userId: 'u1' }]);
    expect(qc.getQueryData(playlistSongsKey('p1'))).toBeUndefined();
  });

  it("a playlist's description changed or cleared elsewhere", () => {
    qc.setQueryData(playlistsKey('u1'), [{ $id: 'p1', name: 'Mix', userId: 'u1' }]);
    applyRealtimeEvent(qc, 'u1', event('Playlist', 'update', { $id: 'p1', name: 'Mix', userId: 'u1', description: 'From the phone' }));
    expect(qc.getQueryData(playlistsKey('u1'))).toEqual([{ $id: 'p1', name: 'Mix', userId: 'u1', description: 'From the phone' }]);
    applyRealtimeEvent(qc, 'u1', event('Playlist', 'update', { $id: 'p1', name: 'Mix', userId: 'u1', description: '' }));
    expect(qc.getQueryData(playlistsKey('u1'))).toEqual([{ $id: 'p1', name: 'Mix', userId: 'u1' }]);
  });

  it('a playlist kept offline and deleted elsewhere leaves this device, with the songs no other collection keeps', async () => {
    const kept = (id: string) => ({ song: { id } as never, bytes: 1, savedAt: 1 });
    useOfflineStore.getState().setIndex({
      songs: { s1: kept('s1'), s2: kept('s2') },
      collections: {
        'userPlaylist:p1': { kind: 'userPlaylist', id: 'p1', title: 'Mix', image: null, songIds: ['s1', 's2'], savedAt: 1 },
        'album:a1': { kind: 'album', id: 'a1', title: 'An Album', image: null, songIds: ['s2'], savedAt: 1 },
      },
    });
    qc.setQueryData(playlistsKey('u1'), [{ $id: 'p1', name: 'Mix', userId: 'u1' }]);
    applyRealtimeEvent(qc, 'u1', event('Playlist', 'delete', { $id: 'p1', name: 'Mix', userId: 'u1' }));
    await vi.waitFor(() => expect(Object.keys(useOfflineStore.getState().index.collections)).toEqual(['album:a1']), { timeout: 10_000 });
    expect(Object.keys(useOfflineStore.getState().index.songs)).toEqual(['s2']);
  });

  it('a play counted on another device shows in History and Most played here at once, and only its own', async () => {
    const fake = createFakeBackend();
    // What Library's History and Home's Most played watch (fresh for a minute: without the event, no new read).
    const shown = new QueryObserver(qc, historyQuery(async () => fake, 'u1'));
    const stop = shown.subscribe(() => {});
    await vi.waitFor(() => expect(shown.getCurrentResult().data).toEqual([]), { timeout: 10_000 });
    const played = await fake.create('History', { userId: 'u1', songId: 's1' }); // on the phone
    applyRealtimeEvent(qc, 'u1', event('History', 'create', played));
    await vi.waitFor(() => expect(shown.getCurrentResult().data).toEqual([{ songId: 's1', playedAt: played.$createdAt }]), { timeout: 10_000 });
    const reads = () => fake.calls.filter((c) => c.op === 'list').length;
    const before = reads();
    applyRealtimeEvent(qc, 'u1', event('History', 'create', { $id: 'h2', userId: 'u2', songId: 's2' }));
    expect(qc.getQueryState(historyKey('u1'))?.isInvalidated).toBe(false);
    expect(reads()).toBe(before);
    stop();
  });

  it("a finished video request tells its requester the preview is ready and forgets 'no video'", () => {
    const success = vi.spyOn(toast, 'success');
    writeSongVideo({ id: '', song_id: 's1', aws_url: '', audio_url: null, hasVideo: false }, Date.now());
    applyRealtimeEvent(qc, 'u1', event('VideoRequest', 'update', { $id: 'r1', song_id: 's1', userId: 'u1', status: 'rendering' }));
    expect(success).not.toHaveBeenCalled();
    applyRealtimeEvent(qc, 'u1', event('VideoRequest', 'update', { $id: 'r1', song_id: 's1', userId: 'u1', status: 'done' }));
    expect(success).toHaveBeenCalledWith(VIDEO_READY_MESSAGE);
    expect(readSongVideo('s1', Date.now())).toBeNull();
  });

  it('after a dropped connection, favourites, playlists and the play history are read from the server again', async () => {
    const fake = createFakeBackend();
    fake.docs.Favorite.push({ $id: 'f1', userId: 'u1', songId: 'missed' });
    fake.docs.Playlist.push({ $id: 'p1', name: 'Made while offline', userId: 'u1' });
    qc.setQueryData(favoritesKey('u1'), ['old']);
    qc.setQueryData(playlistsKey('u1'), []);
    qc.setQueryData(historyKey('u1'), []);
    await refreshAfterReconnect(qc, fake, 'u1');
    expect(qc.getQueryData(favoritesKey('u1'))).toEqual(['missed']);
    expect(qc.getQueryState(historyKey('u1'))?.isInvalidated).toBe(true);
    expect(qc.getQueryData(playlistsKey('u1'))).toEqual([{ $id: 'p1', name: 'Made while offline', userId: 'u1' }]);
  });
});
