import { useQueries } from '@tanstack/react-query';
import type { Song } from '@lyra/contracts/catalogue';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { songQuery } from '../../shared/lib/catalogue-queries.js';
import { local, readJson, writeJson } from '../../shared/lib/storage.js';

/** SPEC#entities-local-storage-keys, SPEC#limits-favourites: favourite song details cached 2 days (FavoriteSongsDetails). */
export const DETAILS_KEY = 'FavoriteSongsDetails';
export const DETAILS_MS = 2 * 24 * 60 * 60 * 1000;
const DETAILS_MAX = 150;

interface DetailsCache {
  songs: Record<string, Song>;
  expiresAt: number;
}

function readDetails(nowMs: number): Record<string, Song> {
  const c = readJson<DetailsCache | null>(local(), DETAILS_KEY, null);
  if (!c || typeof c !== 'object' || typeof c.expiresAt !== 'number' || nowMs >= c.expiresAt || !c.songs || typeof c.songs !== 'object') return {};
  return c.songs;
}

export function cachedDetail(id: string, nowMs = Date.now()): Song | undefined {
  return readDetails(nowMs)[id];
}

/** Keeps a fetched song; the lifetime starts with the first entry of a cache. */
export function rememberDetail(song: Song, nowMs = Date.now()): void {
  const c = readJson<DetailsCache | null>(local(), DETAILS_KEY, null);
  const live = c && typeof c.expiresAt === 'number' && nowMs < c.expiresAt ? c : { songs: {}, expiresAt: nowMs + DETAILS_MS };
  const ids = Object.keys(live.songs).filter((k) => k !== song.id);
  const kept = Object.fromEntries(ids.slice(-(DETAILS_MAX - 1)).map((k) => [k, live.songs[k]!]));
  writeJson(local(), DETAILS_KEY, { songs: { ...kept, [song.id]: song }, expiresAt: live.expiresAt });
}

/**
 * The catalogue songs of favourite ids, in the ids' order (SPEC#catalogue-api-songs-id-per: /songs/{id}
 * per id). Songs the catalogue no longer has are left out.
 */
export function useFavoriteSongs(ids: readonly string[]): { songs: Song[]; isLoading: boolean } {
  const catalogue = useCatalogue();
  const results = useQueries({
    queries: ids.map((id) => {
      const base = songQuery(catalogue, id);
      const cached = cachedDetail(id);
      return {
        ...base,
        queryFn: async (ctx: Parameters<NonNullable<typeof base.queryFn>>[0]) => {
          const song = await base.queryFn!(ctx);
          rememberDetail(song);
          return song;
        },
        ...(cached ? { initialData: cached } : {}),
      };
    }),
  });
  return {
    songs: results.flatMap((r) => (r.data ? [r.data] : [])),
    isLoading: results.some((r) => r.isPending),
  };
}
