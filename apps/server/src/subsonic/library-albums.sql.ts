import { favouriteSongs } from '../backend/module.js';
import {
  selectAlbumIdsByName,
  selectAlbumIdsByRank,
  selectAlbumListPage,
  selectAlbumListRows,
  selectAlbumShelfRows,
  type AlbumRow,
  type AlbumShelfRows,
  type CatalogueAlbumOrder,
} from '../catalogue/module.js';
import type { Queryable } from '../db/db.js';
import { queryJsonRows } from '../db/json-rows.js';
import { starsStore } from './stars.sql.js';

/**
 * Albums in the shape Subsonic clients need: by id, and the pages of an album list (getAlbumList2). The
 * catalogue reads its albums (catalogue/store/album-lists.sql.ts); the lists of the caller's own (starred,
 * highest) are chosen from this module's stars and ratings and the backend's favourite songs, passed to the
 * catalogue as sets of ids in one statement.
 */
export type { AlbumRow };

/** Albums that hold at least one track, by id, in the order asked. */
export const selectAlbums = (db: Queryable, ids: readonly string[]): Promise<AlbumRow[]> => selectAlbumListRows(db, ids);

/** The order of an album list (getAlbumList2): the catalogue's orders, and the caller's own lists. */
export type AlbumOrder = CatalogueAlbumOrder | { kind: 'starred'; userId: string } | { kind: 'highest'; userId: string };

/**
 * One page of an album list, in order. Every order but random and the
 * caller's own (starred, highest: a few albums each) walks an index and stops
 * after the page; byGenre sorts the albums of the genre.
 */
export async function selectAlbumList(db: Queryable, order: AlbumOrder, limit: number, offset: number): Promise<AlbumRow[]> {
  if (order.kind === 'starred' || order.kind === 'highest') return selectAlbums(db, await selectCallerAlbumIds(db, order, limit, offset));
  return selectAlbumListPage(db, order, limit, offset);
}

/** A page of the caller's starred or rated albums: their ids, in order. */
export async function selectCallerAlbumIds(
  db: Queryable,
  order: Extract<AlbumOrder, { kind: 'starred' | 'highest' }>,
  limit: number,
  offset: number,
): Promise<string[]> {
  if (order.kind === 'starred') {
    // Starred albums and albums holding a favourite song.
    const [albumIds, songIds] = await Promise.all([
      starsStore(db).list(order.userId, 'album').then((starred) => [...starred.keys()]),
      favouriteSongs(db).ids(order.userId),
    ]);
    if (albumIds.length === 0 && songIds.length === 0) return [];
    return selectAlbumIdsByName(db, { albumIds, songIds }, limit, offset);
  }
  // The caller's rated albums, best first (then the latest rated).
  const ranked = await queryJsonRows<{ id: string; rank: number }>(
    db,
    `select item_id as id, dense_rank() over (order by rating desc, updated_at desc)::int as rank
       from subsonic_ratings where user_id = $1 and kind = 'album'`,
    [order.userId],
  );
  if (ranked.length === 0) return [];
  return selectAlbumIdsByRank(db, ranked, limit, offset);
}

/**
 * Every album with songs, and the orders of the lists only the catalogue
 * changes, for the album shelf (album-shelf.ts), with where
 * subsonic_album_changes stood before they were read: a change while they are
 * read moves it on past that, so the shelf is read again.
 */
export interface ShelfRows extends AlbumShelfRows {
  /** Where subsonic_album_changes stood. */
  changes: string;
}

export async function selectShelfRows(db: Queryable): Promise<ShelfRows> {
  const changes = await selectShelfChanges(db);
  return { changes, ...(await selectAlbumShelfRows(db)) };
}

/** The caller's own facts about a song or an album: their rating and latest play. */
export interface CallerAlbumRow {
  id: string;
  rating: number | null;
  /** ISO. */
  played: string | null;
}

/** The caller's ratings and latest plays of the songs or albums `ids` names (those with neither are left out). */
export async function selectCallerFacts(db: Queryable, userId: string, kind: 'song' | 'album', ids: readonly string[]): Promise<CallerAlbumRow[]> {
  if (ids.length === 0) return [];
  return queryJsonRows<CallerAlbumRow>(
    db,
    `select x.id, r.rating::int as rating, p.played_at as played
       from unnest($2::text[]) as x(id)
       left join subsonic_ratings r on r.user_id = $1 and r.kind = $3 and r.item_id = x.id
       left join subsonic_plays p on p.user_id = $1 and p.kind = $3 and p.item_id = x.id
      where r.rating is not null or p.played_at is not null`,
    [userId, ids, kind],
  );
}

/** Every album the caller rated or played, with their rating and latest play (for the album shelf). */
export async function selectAllCallerAlbumFacts(db: Queryable, userId: string): Promise<CallerAlbumRow[]> {
  return queryJsonRows<CallerAlbumRow>(
    db,
    `select coalesce(r.item_id, p.item_id) as id, r.rating::int as rating, p.played_at as played
       from (select item_id, rating from subsonic_ratings where user_id = $1 and kind = 'album') r
       full join (select item_id, played_at from subsonic_plays where user_id = $1 and kind = 'album') p on p.item_id = r.item_id`,
    [userId],
  );
}

/** Where subsonic_album_changes stands: it moves on with every change to what the shelf holds. */
export async function selectShelfChanges(db: Queryable): Promise<string> {
  const [row] = await db.query<{ changes: string }>('select last_value::text as changes from subsonic_album_changes');
  return row!.changes;
}
