/** style.md §7.5 rule 7: one key per read, starting with the source. */
export const playlistsKey = (userId: string) => ['backend', 'playlists', userId] as const;
/** Every playlist's songs (refreshed after the socket comes back). */
export const allPlaylistSongsKey = ['backend', 'playlist-songs'] as const;
export const playlistSongsKey = (playlistId: string) => [...allPlaylistSongsKey, playlistId] as const;
