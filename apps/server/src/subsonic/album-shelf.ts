import type { Queryable } from '../db/db.js';
import type { Logger } from '../log.js';
import { withArtists, type LoadedAlbum } from './albums.js';
import { selectAllCallerAlbumFacts, selectShelfChanges, selectShelfRows, type AlbumOrder, type ShelfRows } from './library-albums.sql.js';
import type { CallerFacts } from './shapes.js';

/**
 * The album shelf: every album with songs, with its artists, and the orders
 * of the album lists only the catalogue changes, held in memory. Syncing apps
 * page through getAlbumList2 500 albums at a time; served from here, a page
 * of a random or deep list costs what a page of the first does, with no
 * query but the check that nothing changed.
 *
 * Every change to what the shelf holds moves a sequence on and sends a
 * notification when it commits (migrations/subsonic/catalogue/0004): a
 * request that finds either drops the shelf and is answered by the lists'
 * own queries, and the shelf is read again once the catalogue has been
 * quiet for `quietMs` (so a scan or a run of plays is not read over and
 * over). A server whose apps never ask for album lists never reads it.
 */
export interface Shelf {
  /** Where subsonic_album_changes stood when it was read. */
  changes: string;
  albums: Map<string, LoadedAlbum>;
  byName: string[];
  newest: string[];
  /** Albums with a year, by year, then name: [id, year]. */
  byYear: [string, number][];
  byArtist: string[];
  /** Genre, lower case → its albums by name. */
  genres: Map<string, string[]>;
  /**
   * Per listener who asked while it stood: their rated or played albums (read on their first
   * list). Plays and album ratings move subsonic_album_changes on, so they drop the shelf with these.
   */
  callers: Map<string, Promise<Map<string, CallerFacts>>>;
}

/** Listeners whose album facts one shelf keeps; past it, each list reads its page's. */
export const SHELF_MAX_CALLERS = 1_000;

/** The caller's rating and latest play of each album they rated or played, kept on the shelf; null when it keeps no more listeners. */
export function shelfCallerFacts(db: Queryable, shelf: Shelf, userId: string): Promise<Map<string, CallerFacts>> | null {
  let facts = shelf.callers.get(userId);
  if (!facts) {
    if (shelf.callers.size >= SHELF_MAX_CALLERS) return null;
    facts = selectAllCallerAlbumFacts(db, userId).then((rows) => new Map(rows.map((r) => [r.id, { rating: r.rating, played: r.played }])));
    // A failed read is not kept: the next list tries again.
    void facts.catch(() => shelf.callers.delete(userId));
    shelf.callers.set(userId, facts);
  }
  return facts;
}

/** The shelf of `rows`, its albums with their artists. */
export function shelfOf(rows: ShelfRows, albums: readonly LoadedAlbum[]): Shelf {
  return {
    changes: rows.changes,
    albums: new Map(albums.map((a) => [a.row.id, a])),
    byName: rows.byName,
    newest: rows.newest,
    byYear: rows.byYear,
    byArtist: rows.byArtist,
    genres: new Map(Object.entries(rows.genres)),
    callers: new Map(),
  };
}

/**
 * Reads the shelf: the albums and orders in one statement, then the artists
 * of albums without an album artist. A change made between the two moves the
 * sequence on past the value the shelf keeps, or is announced: either drops it.
 */
export async function readShelf(db: Queryable): Promise<Shelf> {
  const rows = await selectShelfRows(db);
  return shelfOf(rows, await withArtists(db, rows.albums));
}

/** The lists the shelf answers; frequent and recent follow plays, and are left to their queries. */
export const SHELF_ORDERS: ReadonlySet<AlbumOrder['kind']> = new Set([
  'random', 'newest', 'alphabeticalByName', 'alphabeticalByArtist', 'byYear', 'byGenre', 'starred', 'highest',
]);

/** The shelf's albums of `ids`, in order; ids it does not hold (no songs) are left out, as the lists' queries do. */
export const shelfAlbums = (shelf: Shelf, ids: readonly string[]): LoadedAlbum[] =>
  ids.flatMap((id) => shelf.albums.get(id) ?? []);

/**
 * One page of an album list, as its query gives it; null for a list the
 * shelf does not order (plays, the caller's own) or a genre it has no album of.
 */
export function shelfPage(shelf: Shelf, order: AlbumOrder, limit: number, offset: number, random = Math.random): LoadedAlbum[] | null {
  const page = (ids: readonly string[]) => shelfAlbums(shelf, ids.slice(offset, offset + limit));
  switch (order.kind) {
    case 'alphabeticalByName':
      return page(shelf.byName);
    case 'newest':
      return page(shelf.newest);
    case 'alphabeticalByArtist':
      return page(shelf.byArtist);
    case 'byYear':
      return page(yearRange(shelf.byYear, order.from, order.to));
    case 'byGenre': {
      const ids = shelf.genres.get(order.genre.toLowerCase());
      return ids ? page(ids) : null;
    }
    case 'random':
      // A page of a random order: as many albums as the page holds, none twice.
      return shelfAlbums(shelf, sample([...shelf.albums.keys()], Math.max(0, Math.min(limit, shelf.albums.size - offset)), random));
    default:
      return null;
  }
}

/**
 * Albums of the years between `from` and `to`, in the order asked: from a
 * later year to an earlier one, years go down and each year's albums stay by
 * name (as `order by year desc, name`).
 */
export function yearRange(byYear: readonly [string, number][], from: number, to: number): string[] {
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  const years: string[][] = [];
  let last: number | null = null;
  for (const [id, year] of byYear) {
    if (year < lo || year > hi) continue;
    if (year !== last) years.push([]);
    years.at(-1)!.push(id);
    last = year;
  }
  return (from > to ? years.reverse() : years).flat();
}

/** `count` of `items`, chosen at random (the first `count` steps of a Fisher-Yates shuffle, in place). */
export function sample<T>(items: T[], count: number, random = Math.random): T[] {
  const n = Math.min(count, items.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (items.length - i));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items.slice(0, n);
}

export interface AlbumShelf {
  /**
   * The shelf, when it holds the catalogue as it stands; else null, and it
   * is read again (in the background) once nothing has changed for a while.
   */
  current(): Promise<Shelf | null>;
  /** A change was announced (subsonic_albums): the shelf is dropped. */
  changed(): void;
  /** Settles when the read under way, if any, is done. */
  settled(): Promise<void>;
}

export interface AlbumShelfOptions {
  log: Logger;
  /** How long nothing must change before the shelf is read again. */
  quietMs?: number;
  /** Milliseconds, for the quiet time. */
  clock?: () => number;
}

export const SHELF_QUIET_MS = 2_000;

export function createAlbumShelf(db: Queryable, opts: AlbumShelfOptions): AlbumShelf {
  const { log, quietMs = SHELF_QUIET_MS, clock = () => performance.now() } = opts;
  let shelf: Shelf | null = null;
  /** Counts announced changes: a read that one overtook is not kept. */
  let generation = 0;
  let seen: string | null = null;
  let seenAt = -Infinity;
  let reading: Promise<void> | null = null;

  const read = () => {
    const started = generation;
    reading = readShelf(db)
      .then((read) => {
        if (started === generation) shelf = read;
      })
      .catch((error: unknown) => {
        log.warn('subsonic: could not read the album shelf; album lists use their queries', { error });
        seenAt = clock();
      })
      .finally(() => {
        reading = null;
      });
  };

  return {
    async current() {
      const changes = await selectShelfChanges(db);
      // A change since the last look (the first look finds the catalogue as it is).
      if (seen !== null && changes !== seen) seenAt = clock();
      seen = changes;
      if (shelf?.changes === changes) return shelf;
      shelf = null;
      if (!reading && clock() - seenAt >= quietMs) read();
      return null;
    },
    changed() {
      generation++;
      shelf = null;
      seenAt = clock();
    },
    async settled() {
      await reading;
    },
  };
}
