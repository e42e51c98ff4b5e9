import type { Db, Queryable } from '../db/db.js';
import type { LibraryScope } from '../music-libraries.js';

/**
 * Reads of the catalogue as one listener may see it (several libraries, MUSIC_DIRS, with per-user access):
 * every catalogue read of a request goes through `scopedQueryable`, which puts, in place of each catalogue
 * table a statement reads (`from tracks t`, `join albums al`), the rows of the listener's libraries:
 *   tracks           whose library_id is in the scope;
 *   albums           with at least one such track, their song count and duration those of such tracks;
 *   artists          with at least one such track, or an album with one;
 *   track_artists, playlist_tracks, album_genres, track_lyrics, track_loudness  of such tracks or albums;
 *   playlists        curated ones, and the .m3u files of the scope's libraries.
 * So every list, search, Home row, page and Subsonic answer built on these tables leaves out the other
 * libraries without each statement saying so, and a statement written later does too. PostgreSQL pulls such
 * subqueries up into the statement (the tables' indexes still serve it). Only reads are rewritten: a
 * statement that writes (insert, update, delete) is left as it is.
 */

const SCOPED = ['tracks', 'albums', 'artists', 'track_artists', 'playlists', 'playlist_tracks', 'album_genres', 'track_lyrics', 'track_loudness'] as const;
type Scoped = (typeof SCOPED)[number];

/** Words after a table that are not its alias. */
const NOT_ALIAS = new Set([
  'where', 'join', 'left', 'right', 'inner', 'full', 'cross', 'natural', 'on', 'using', 'group', 'order', 'limit',
  'offset', 'union', 'except', 'intersect', 'window', 'having', 'for', 'returning', 'fetch', 'tablesample', 'lateral',
]);

const TABLE = new RegExp(`\\b(from|join)(\\s+(?:only\\s+)?)(${SCOPED.join('|')})\\b(?!\\s*[.(])`, 'gi');
const WRITES = /^\s*(?:with\b[\s\S]*?\)\s*)?(?:insert|update|delete|merge)\b/i;

const literal = (ids: readonly string[]) => `array[${ids.map((id) => `'${id.replaceAll("'", "''")}'`).join(', ')}]::text[]`;

/** The rows of each catalogue table a listener with this (non-null) scope may see, as a subquery's body. */
function visibleRows(table: Scoped, ids: readonly string[]): string {
  const inScope = (t: string) => (ids.length === 0 ? 'false' : `${t}.library_id = any(${literal(ids)})`);
  const scopedTrackIds = `(select s.id from tracks s where ${inScope('s')})`;
  const albumSeen = (col: string) => `exists (select 1 from tracks s where s.album_id = ${col} and ${inScope('s')})`;
  switch (table) {
    case 'tracks':
      return `select * from tracks where ${inScope('tracks')}`;
    case 'albums':
      // An album with songs in several libraries counts and times only the songs the listener may see.
      return `select r.* from albums al0
                cross join lateral (select count(*)::int as n, coalesce(sum(s.duration_s), 0)::float8 as d
                                      from tracks s where s.album_id = al0.id and ${inScope('s')}) seen
                cross join lateral jsonb_populate_record(al0, jsonb_build_object('song_count', seen.n, 'duration_s', seen.d)) r
               where seen.n > 0`;
    case 'artists':
      return `select * from artists where exists (select 1 from track_artists x join tracks s on s.id = x.track_id where x.artist_id = artists.id and ${inScope('s')})
                 or exists (select 1 from albums a where a.album_artist_id = artists.id and ${albumSeen('a.id')})`;
    case 'track_artists':
      return `select * from track_artists where track_id in ${scopedTrackIds}`;
    case 'playlist_tracks':
      return `select * from playlist_tracks where track_id in ${scopedTrackIds}`;
    case 'track_lyrics':
      return `select * from track_lyrics where track_id in ${scopedTrackIds}`;
    case 'track_loudness':
      return `select * from track_loudness where track_id in ${scopedTrackIds}`;
    case 'album_genres':
      return `select * from album_genres where ${albumSeen('album_genres.album_id')}`;
    case 'playlists':
      return ids.length === 0
        ? 'select * from playlists where path is null'
        : `select * from playlists where path is null or split_part(path, '/', 1) = any(${literal(ids)})`;
  }
}

const ALIAS_AHEAD = /^\s+(?:as\s+)?([a-z_][a-z0-9_]*)/i;

/** A read statement with each catalogue table it names replaced by the rows `scope` may see (scopedQueryable). */
export function scopeStatement(sql: string, scope: readonly string[], joined: boolean): string {
  if (WRITES.test(sql)) return sql;
  // With one library a scope is all of it (null, never rewritten) or none of it.
  const ids = joined ? scope : [];
  return sql.replace(TABLE, (all: string, keyword: string, space: string, table: string, offset: number) => {
    const ahead = ALIAS_AHEAD.exec(sql.slice(offset + all.length));
    const aliased = ahead !== null && !NOT_ALIAS.has(ahead[1]!.toLowerCase());
    return `${keyword}${space}(${visibleRows(table.toLowerCase() as Scoped, ids)})${aliased ? '' : ` as ${table}`}`;
  });
}

const scopedOf = new WeakMap<Queryable, Map<string, Queryable>>();

/**
 * The catalogue's reads as a listener with this scope sees them; `db` itself when they may see every library.
 * One object per database and scope, so caches of planned reads (Home's rows) can be kept per scope.
 */
export function scopedQueryable(db: Queryable, scope: LibraryScope, joined: boolean): Queryable {
  if (scope === null) return db;
  const key = JSON.stringify([joined, [...scope].sort()]);
  let byKey = scopedOf.get(db);
  if (!byKey) scopedOf.set(db, (byKey = new Map()));
  let scoped = byKey.get(key);
  if (!scoped) byKey.set(key, (scoped = { query: (text, params) => db.query(scopeStatement(text, scope, joined), params) }));
  return scoped;
}

/** scopedQueryable for code that takes a whole Db (Subsonic's calls): transactions read through the scope too. */
export function scopedDb(db: Db, scope: LibraryScope, joined: boolean): Db {
  if (scope === null) return db;
  const scoped = scopedQueryable(db, scope, joined);
  return {
    engine: db.engine,
    query: scoped.query,
    exec: (text) => db.exec(text),
    transaction: (fn) => db.transaction((tx) => fn({ exec: (text) => tx.exec(text), query: scopedQueryable(tx, scope, joined).query })),
    listen: (channel, onPayload, onReconnect) => db.listen(channel, onPayload, onReconnect),
    notify: (channel, payload) => db.notify(channel, payload),
    close: () => db.close(),
  };
}
