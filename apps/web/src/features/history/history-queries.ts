import { queryOptions } from '@tanstack/react-query';
import type { BackendApi } from '../../shared/lib/backend.js';
import { fetchHistory } from './history-api.js';
import { readNowPlaying } from './now-playing-prefs.js';

/** Keys start with 'backend', so signing out drops them with the rest of the user's data. */
export const historyKey = (userId: string) => ['backend', 'history', userId] as const;
export const nowPlayingKey = (userId: string) => ['backend', 'now-playing', userId] as const;

export const historyQuery = (backend: () => Promise<BackendApi>, userId: string) =>
  queryOptions({
    queryKey: historyKey(userId),
    queryFn: async () => fetchHistory(await backend(), userId),
    staleTime: 60_000,
  });

/** Where the listener last was, on any device: read when Home opens. */
export const nowPlayingQuery = (backend: () => Promise<BackendApi>, userId: string) =>
  queryOptions({
    queryKey: nowPlayingKey(userId),
    queryFn: async () => readNowPlaying(await (await backend()).getPrefs()),
    staleTime: 0,
    refetchOnMount: 'always',
  });
