import { queryOptions } from '@tanstack/react-query';
import type { CatalogueClient } from '../../shared/lib/catalogue-client.js';
import { CatalogueError } from '../../shared/lib/catalogue-client.js';
import type { LyricLine } from './current-line.js';
import { catalogueKey } from '../../shared/lib/catalogue-queries.js';

export interface SongLyrics {
  lyrics: string;
  snippet: string;
  copyright: string | null;
  synced?: boolean;
  lines?: LyricLine[];
}

/** A song's lyrics (`/songs/{id}/lyrics`); null when it has none. Mirrors without timed lines get the text split at `<br>`. */
export const lyricsQuery = (c: CatalogueClient, id: string) =>
  queryOptions({
    queryKey: catalogueKey(c, 'lyrics', id),
    queryFn: async ({ signal }): Promise<{ synced: boolean; lines: LyricLine[]; copyright: string | null } | null> => {
      try {
        const l = await c.get<SongLyrics>(`/songs/${encodeURIComponent(id)}/lyrics`, { signal });
        const lines: LyricLine[] = l.lines ?? l.lyrics.split(/<br\s*\/?>|\n/).map((text) => ({ text: text.trim() }));
        return { synced: l.synced === true && lines.every((x) => typeof x.startMs === 'number'), lines, copyright: l.copyright };
      } catch (e) {
        if (e instanceof CatalogueError && e.status === 404) return null;
        throw e;
      }
    },
    staleTime: 60 * 60_000,
  });
