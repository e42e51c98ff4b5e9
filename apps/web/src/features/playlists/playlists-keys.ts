/** style.md §7.5 rule 7: one key per read, starting with the source. */
export const playlistsKey = (userId: string) => ['backend', 'playlists', userId] as const;
export const playlistSongsKey = (playlistId: string) => ['backend', 'playlist-songs', playlistId] as const;
