import type { Db, Queryable } from '../../db/db.js';
import { artistKey } from '../ids.js';
import { assignAlbums, type GroupingRow } from './album-grouping.js';
import type { CoverStore } from './cover-store.js';
import { OWN_ALBUM_COVER } from '../store/artists.sql.js';
import { ensureAlbums, ensureArtists, type EntityCache } from './entity-rows.js';

/**
 * The end of a completed scan: sweep what was not seen, regroup albums in the
 * folders that changed, refresh album and artist aggregates, drop orphans.
 * Set-based SQL, so memory does not grow with the library.
 */

const DIR_CHUNK = 200;

/** Marks the rows under folders that could not be listed as seen, so they are not swept. */
export async function keepUnreadable(db: Db, gen: number, folders: readonly string[]): Promise<void> {
  for (const rel of folders) {
    if (rel === '') {
      await db.query('insert into scan_seen (gen, path) select $1, path from tracks on conflict do nothing', [gen]);
      await db.query("update playlists set scan_gen = $1 where source = 'm3u'", [gen]);
      await db.query('update scan_errors set scan_gen = $1', [gen]);
      continue;
    }
    const prefix = rel + '/';
    await db.query(
      'insert into scan_seen (gen, path) select $1, path from tracks where left(path, length($2::text)) = $2::text on conflict do nothing',
      [gen, prefix],
    );
    await db.query(
      "update playlists set scan_gen = $1 where source = 'm3u' and left(path, length($2::text)) = $2::text",
      [gen, prefix],
    );
    await db.query('update scan_errors set scan_gen = $1 where left(path, length($2::text)) = $2::text', [gen, prefix]);
  }
}

/**
 * Deletes rows of files not seen in generation `gen` (nor in a folder it skipped, folder-skip.ts);
 * returns the ids of the songs removed (open apps drop them from their queues) and adds their
 * folders to `dirty`.
 */
export async function sweep(
  db: Db,
  gen: number,
  dirty: Set<string>,
  /** False after a first scan: every song is one it wrote (and none was marked seen). */
  songs = true,
): Promise<{ songIds: string[]; playlists: number }> {
  return db.transaction(async (tx) => {
    const gone = !songs
      ? []
      : await tx.query<{ id: string; dir: string }>(
          `delete from tracks t where not exists (select 1 from scan_seen s where s.gen = $1 and s.path = t.path)
              and not exists (select 1 from scan_folders f where f.path = t.dir and f.skip_gen = $1)
            returning id, dir`,
          [gen],
        );
    for (const g of gone) dirty.add(g.dir);
    await tx.query(
      `delete from scan_errors e where scan_gen <> $1
          and not exists (select 1 from scan_folders f where f.skip_gen = $1
                             and f.path = case when strpos(e.path, '/') = 0 then '' else regexp_replace(e.path, '/[^/]*$', '') end)`,
      [gen],
    );
    const lists = await tx.query("delete from playlists where source = 'm3u' and scan_gen <> $1 returning id", [gen]);
    return { songIds: gone.map((g) => g.id), playlists: lists.length };
  });
}

/** The album id of each row (album-grouping.ts), creating the albums and album artists needed. */
export async function albumIdsFor(q: Queryable, rows: readonly GroupingRow[], cache?: EntityCache): Promise<Map<string, string | null>> {
  const wanted = assignAlbums(rows);
  const refs = [...new Map([...wanted.values()].flatMap((r) => (r ? [[r.key, r] as const] : []))).values()];
  const artists = await ensureArtists(q, refs.flatMap((r) => (r.artist ? [r.artist] : [])), cache);
  const albums = await ensureAlbums(
    q,
    refs.map((r) => ({ key: r.key, name: r.name, artistId: r.artist ? artists.get(artistKey(r.artist))! : null })),
    cache,
  );
  return new Map([...wanted].map(([id, ref]) => [id, ref ? albums.get(ref.key)! : null]));
}

/** Re-decides the album of every track in the dirty folders (album-grouping.ts). */
export async function regroupAlbums(db: Db, dirty: ReadonlySet<string>): Promise<void> {
  const dirs = [...dirty];
  for (let i = 0; i < dirs.length; i += DIR_CHUNK) {
    const chunk = dirs.slice(i, i + DIR_CHUNK);
    await db.transaction(async (tx) => {
      const rows = await tx.query<GroupingRow & { album_id: string | null }>(
        `select id, dir, album_tag, album_artist_tag, artist_tag, compilation, album_id
           from tracks where dir = any($1::text[])`,
        [chunk],
      );
      const wanted = await albumIdsFor(tx, rows);
      const ids: string[] = [];
      const albumIds: (string | null)[] = [];
      for (const row of rows) {
        const albumId = wanted.get(row.id) ?? null;
        if (albumId !== row.album_id) {
          ids.push(row.id);
          albumIds.push(albumId);
        }
      }
      if (ids.length > 0) {
        await tx.query(
          `update tracks t set album_id = x.a from unnest($1::text[], $2::text[]) as x(id, a) where t.id = x.id`,
          [ids, albumIds],
        );
      }
    });
  }
}

/**
 * Album song counts, years, languages and covers; artist covers; orphan albums
 * and artists removed. `stale`: only the albums and artists that writes since
 * the last refresh touched (noted by the triggers of
 * migrations/catalogue/0500-stale-aggregates.sql), with the artists whose cover
 * may come from those albums; `all`: the whole catalogue (a full scan). Either
 * way the notes are cleared.
 */
export async function refreshAggregates(db: Db, scope: 'stale' | 'all'): Promise<void> {
  await db.transaction(async (tx) => {
    const albums = (await tx.query<{ id: string }>('delete from catalogue_stale_albums returning id')).map((r) => r.id);
    const noted = (await tx.query<{ id: string }>('delete from catalogue_stale_artists returning id')).map((r) => r.id);
    if (scope === 'stale' && albums.length === 0 && noted.length === 0) return;
    const albumIds = scope === 'all' ? null : albums;
    // Read before the albums change: an album artist or credited artist may lose the album its cover came from.
    const artistIds = scope === 'all' ? null : await artistsOf(tx, noted, albums);
    await refreshAlbums(tx, albumIds);
    await tx.query(
      `delete from albums a where ${among('a.id', albumIds)} not exists (select 1 from tracks t where t.album_id = a.id)`,
      params(albumIds),
    );
    await refreshArtists(tx, artistIds);
    await tx.query(
      `delete from artists a where ${among('a.id', artistIds)} not exists (select 1 from track_artists ta where ta.artist_id = a.id)
         and not exists (select 1 from albums al where al.album_artist_id = a.id)`,
      params(artistIds),
    );
  });
}

/** A condition on `column` for a refresh limited to `ids` ($1), none for the whole catalogue (null). */
const among = (column: string, ids: readonly string[] | null) => (ids ? `${column} = any($1::text[]) and` : '');
const params = (ids: readonly string[] | null) => (ids ? [ids] : []);

/** The artists noted, with the album artists of the albums and the artists credited on their songs. */
async function artistsOf(q: Queryable, noted: readonly string[], albums: readonly string[]): Promise<string[]> {
  const [row] = await q.query<{ ids: string[] }>(
    `select coalesce(array_agg(distinct id), '{}') as ids from (
        select unnest($1::text[]) as id
        union all select album_artist_id from albums where id = any($2::text[])
        union all select ta.artist_id from tracks t join track_artists ta on ta.track_id = t.id where t.album_id = any($2::text[])) x
      where id is not null`,
    [noted, albums],
  );
  return row?.ids ?? [];
}

/** Covers nothing refers to any more: rows and original files. */
export async function deleteOrphanCovers(db: Db, covers: CoverStore): Promise<void> {
  const orphans = await db.query<{ id: string }>(
    `delete from covers c where not exists (select 1 from tracks t where t.cover_id = c.id)
        and not exists (select 1 from albums a where a.cover_id = c.id)
        and not exists (select 1 from artists ar where ar.cover_id = c.id)
        and not exists (select 1 from playlists p where p.cover_id = c.id)
      returning id`,
  );
  for (const o of orphans) await covers.remove(o.id);
}

// Album cover = the first track's cover (by disc, track, path) among tracks that have one.
async function refreshAlbums(q: Queryable, ids: readonly string[] | null) {
  await q.query(
    `update albums a set song_count = s.n, year = s.year, release_date = s.release_date, language = s.language,
            genre = s.genre, label = s.label, copyright = s.copyright, cover_id = s.cover_id, updated_at = now()
       from (select album_id, count(*)::int as n, max(year) as year, min(release_date) as release_date,
                    coalesce(mode() within group (order by nullif(language, '')), '') as language,
                    mode() within group (order by genre) as genre,
                    mode() within group (order by label) as label,
                    mode() within group (order by copyright) as copyright,
                    (array_agg(cover_id order by coalesce(disc_no, 1), track_no nulls last, path)
                       filter (where cover_id is not null))[1] as cover_id
               from tracks where ${among('album_id', ids)} album_id is not null group by album_id) s
      where s.album_id = a.id
        and (a.song_count, a.year, a.release_date, a.language, a.genre, a.label, a.copyright, a.cover_id)
            is distinct from (s.n, s.year, s.release_date, s.language, s.genre, s.label, s.copyright, s.cover_id)`,
    params(ids),
  );
}

// Artist cover = the cover of one of their own albums, newest first (the artist page's rule,
// OWN_ALBUM_COVER); none for an artist whose albums have no art, or who has no album of their own
// (they get a picture generated from their name, never another artist's cover).
async function refreshArtists(q: Queryable, ids: readonly string[] | null) {
  await q.query(
    `update artists ar set cover_id = c.cover_id, updated_at = now()
       from (select a.id, ${OWN_ALBUM_COVER('a.id')} as cover_id from artists a where ${among('a.id', ids)} true) c
      where c.id = ar.id and ar.cover_id is distinct from c.cover_id`,
    params(ids),
  );
}
