import type { HomePlaylistSource, HomeRow, HomeRows, HomeSongSource, Song } from '@lyra/contracts/catalogue';
import type { Queryable } from '../db/db.js';
import type { HomeRowsConfig } from './home-rows-config.js';
import { searchPlaylistsByIds } from './playlists.js';
import { cleanQuery } from './search-query.js';
import { prepareQuery, rankTracks } from './search.js';
import { songsByIds, type CatalogueCtx } from './songs.js';
import {
  selectArtistPopularTrackIds,
  selectFacetTrackIds,
  selectMostPlayedTrackIds,
  selectNewestTrackIds,
  selectShuffledTrackIds,
  selectTopArtist,
  selectTopFacet,
} from './store/home.sql.js';
import { selectPlaylistIdsBySource } from './store/playlists.sql.js';
import { searchPlaylistIds } from './store/search.sql.js';
import { titleCase } from './wire-links.js';

/** A row decided: which items, under which title; shaped per request (URLs depend on the host). */
interface PlannedRow {
  spec: HomeRowsConfig['rows'][number];
  title: string;
  query: string | null;
  seeAll: string | null;
  ids: string[];
}

interface Resolved {
  ids: string[];
  /** What `{name}` in the title stands for. */
  name: string;
  /** A search term that finds similar songs on any catalogue mirror. */
  query: string | null;
  /** The web app's page listing all of the source's songs (site-relative), if it has one. */
  seeAll?: string | null;
}

/** Plans are reused for a minute, and dropped after every scan. */
export const HOME_ROWS_TTL_MS = 60_000;
/** A language or genre picked for a row ('*') needs this many songs. */
export const MIN_FACET_TRACKS = 3;

/** Languages and genres already given a row, so a second '*' row picks the next one. */
type Used = Record<'language' | 'genre', string[]>;

async function songSource(
  db: Queryable,
  src: HomeSongSource,
  want: number,
  day: string,
  used: Used,
): Promise<Resolved | null> {
  switch (src.type) {
    case 'search': {
      const ctx = { db, base: '' };
      const { ids } = await rankTracks(ctx, await prepareQuery(ctx, src.query), { limit: want, offset: 0 });
      return { ids, name: src.query, query: src.query, seeAll: `/search?q=${encodeURIComponent(src.query)}` };
    }
    case 'most-played':
      return { ids: await selectMostPlayedTrackIds(db, want), name: '', query: null, seeAll: '/library/songs?sort=plays' };
    case 'newest':
      return { ids: await selectNewestTrackIds(db, want), name: '', query: null, seeAll: '/library/songs?sort=recent' };
    case 'shuffle':
      return { ids: await selectShuffledTrackIds(db, day, want), name: '', query: null };
    case 'artist': {
      const artist = await selectTopArtist(db, src.artistId ?? null);
      if (!artist) return null;
      return {
        ids: await selectArtistPopularTrackIds(db, artist.id, want),
        name: artist.name,
        query: artist.name,
        seeAll: `/artist/${encodeURIComponent(artist.id)}`,
      };
    }
    case 'language':
    case 'genre': {
      const asked = src.type === 'language' ? src.language : src.genre;
      const value = asked && asked !== '*' ? asked : await selectTopFacet(db, src.type, used[src.type], MIN_FACET_TRACKS);
      if (!value) return null;
      used[src.type].push(value);
      return {
        ids: await selectFacetTrackIds(db, src.type, value, want),
        name: titleCase(value),
        query: value,
        seeAll: src.type === 'genre' ? `/library/genres/${encodeURIComponent(value.toLowerCase())}` : null,
      };
    }
  }
}

async function playlistSource(db: Queryable, src: HomePlaylistSource, want: number): Promise<Resolved> {
  if (src.type === 'search') {
    const { ids } = await searchPlaylistIds(db, { text: cleanQuery(src.query), limit: want, offset: 0 });
    return { ids, name: src.query, query: src.query };
  }
  return { ids: await selectPlaylistIdsBySource(db, src.type, want), name: '', query: null };
}

/**
 * Songs already shown in an earlier row go last, so rows differ where the
 * library allows it (a small library still fills every row).
 */
export function preferUnseen(ids: readonly string[], limit: number, seen: Set<string>): string[] {
  const picked = [...ids.filter((id) => !seen.has(id)), ...ids.filter((id) => seen.has(id))].slice(0, limit);
  for (const id of picked) seen.add(id);
  return picked;
}

/** Decides every row: the first source with items wins; rows with none are left out. */
export async function planHomeRows(db: Queryable, config: HomeRowsConfig, day: string): Promise<PlannedRow[]> {
  const seen = new Set<string>();
  const used: Used = { language: [], genre: [] };
  const planned: PlannedRow[] = [];
  for (const spec of config.rows) {
    for (const src of spec.sources) {
      const found =
        spec.kind === 'songs'
          ? await songSource(db, src as HomeSongSource, spec.limit * 3, day, used)
          : await playlistSource(db, src as HomePlaylistSource, spec.limit);
      if (!found || found.ids.length === 0) continue;
      const ids = spec.kind === 'songs' ? preferUnseen(found.ids, spec.limit, seen) : found.ids.slice(0, spec.limit);
      const template = ('title' in src && src.title) || spec.title;
      planned.push({ spec, title: template.replaceAll('{name}', found.name).trim(), query: found.query, seeAll: found.seeAll ?? null, ids });
      break;
    }
  }
  return planned;
}

export interface HomeRowsService {
  /** GET /api/home/rows. */
  rows(ctx: CatalogueCtx): Promise<HomeRows>;
  /** Forget planned rows (after a scan). */
  invalidate(): void;
  /** Plans the rows now, so the next visitor does not wait for it. */
  warm(): void;
}

export function createHomeRows(db: Queryable, config: HomeRowsConfig, now: () => number): HomeRowsService {
  // Planned per library scope (library-scope.ts gives each scope one Queryable): its rows come from its own songs.
  const cached = new Map<Queryable, { at: number; day: string; plan: Promise<PlannedRow[]> }>();

  const plan = (source: Queryable = db) => {
    const t = now();
    const day = new Date(t).toISOString().slice(0, 10);
    let entry = cached.get(source);
    if (!entry || t - entry.at >= HOME_ROWS_TTL_MS || entry.day !== day) {
      const p = planHomeRows(source, config, day);
      entry = { at: t, day, plan: p };
      cached.set(source, entry);
      p.catch(() => cached.delete(source));
    }
    return entry.plan;
  };

  return {
    invalidate: () => cached.clear(),
    warm: () => void plan().catch(() => undefined),
    async rows(ctx) {
      const planned = await plan(ctx.db);
      const songIds = planned.filter((r) => r.spec.kind === 'songs').flatMap((r) => r.ids);
      const playlistIds = planned.filter((r) => r.spec.kind === 'playlists').flatMap((r) => r.ids);
      const [songs, playlists] = await Promise.all([
        songsByIds(ctx, [...new Set(songIds)]),
        searchPlaylistsByIds(ctx, playlistIds),
      ]);
      const songById = new Map(songs.map((s) => [s.id, s]));
      const playlistById = new Map(playlists.map((p) => [p.id, p]));
      const rows: HomeRow[] = planned.map((r) => {
        const base = { id: r.spec.id, title: r.title, layout: r.spec.layout, limit: r.spec.limit, query: r.query };
        return r.spec.kind === 'songs'
          ? { ...base, kind: 'songs', seeAll: r.seeAll, songs: r.ids.flatMap((id) => songById.get(id) ?? []) as Song[] }
          : { ...base, kind: 'playlists', playlists: r.ids.flatMap((id) => playlistById.get(id) ?? []) };
      });
      const filled = rows.filter((r) => (r.kind === 'songs' ? r.songs : r.playlists).length > 0);
      return { featuredSongId: config.featuredSongId, rows: filled };
    },
  };
}
