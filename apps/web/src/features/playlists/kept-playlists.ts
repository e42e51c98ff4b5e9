import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CatalogueClient } from '../../shared/lib/catalogue-client.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { catalogueSongs } from '../../shared/lib/catalogue-queries.js';
import { collectionKey, followCollection } from '../offline/index.js';
import { playlistSongsKey } from './playlists-keys.js';

/** Where the offline index keeps one of the listener's playlists (Make available offline on its screen). */
export const keptPlaylistKey = (playlistId: string): string => collectionKey('userPlaylist', playlistId);

/** A playlist kept offline follows its songs: new ones are fetched, removed ones leave the device (unless kept elsewhere). */
export function followKeptPlaylist(queryClient: QueryClient, catalogue: CatalogueClient, playlistId: string, songIds: readonly string[]): Promise<void> {
  return followCollection(keptPlaylistKey(playlistId), songIds, (ids) => catalogueSongs(queryClient, catalogue, ids)).catch((e: unknown) =>
    console.warn('Keeping a playlist offline failed:', e instanceof Error ? e.message : String(e)),
  );
}

const SONGS_KEY = playlistSongsKey('');

/**
 * Mounted once for the signed-in listener: every change of a playlist's songs
 * (this device's screens and menus, the changes sent once back online,
 * another device's over realtime, a read from the server) reaches the copy
 * kept offline, if the playlist is kept.
 */
export function useKeptPlaylists(): void {
  const queryClient = useQueryClient();
  const catalogue = useCatalogue();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const [source, name, playlistId] = event.query.queryKey as readonly unknown[];
        const ids: unknown = event.query.state.data;
        if (source !== SONGS_KEY[0] || name !== SONGS_KEY[1] || typeof playlistId !== 'string' || !Array.isArray(ids)) return;
        void followKeptPlaylist(queryClient, catalogue, playlistId, ids as string[]);
      }),
    [queryClient, catalogue],
  );
}
