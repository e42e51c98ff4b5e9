import type { Queryable } from '../../db/db.js';

/** What curated playlists are made from (curated-playlists.ts). */
export type CuratedKind = 'genre' | 'decade' | 'artist' | 'language';

export interface CuratedGroup {
  kind: CuratedKind;
  /** The genre, decade ("1990"), artist id or language. */
  key: string;
  /** Display name of the key: the genre, decade, artist name or language. */
  label: string;
  tracks: number;
}

/** Groups with at least `minTracks` tracks, the biggest `perKind` of each kind. */
export async function selectCuratedGroups(db: Queryable, minTracks: number, perKind: number): Promise<CuratedGroup[]> {
  return db.query<CuratedGroup>(
    `with groups as (
       select 'genre' as kind, genre as key, min(genre) as label, count(*)::int as tracks
         from tracks where coalesce(genre, '') <> '' group by genre
       union all
       select 'decade', (y / 10 * 10)::text, (y / 10 * 10)::text, count(*)::int
         from (select coalesce(t.year, al.year) as y from tracks t left join albums al on al.id = t.album_id) s
        where y between 1000 and 9999 group by y / 10
       union all
       select 'artist', a.id, min(a.name), count(*)::int
         from track_artists ta join artists a on a.id = ta.artist_id
        where ta.role = 'primary' group by a.id
       union all
       select 'language', language, language, count(*)::int
         from tracks where language <> '' group by language),
     ranked as (
       select g.*, row_number() over (partition by kind order by tracks desc, key) as n
         from groups g where tracks >= $1)
     select kind, key, label, tracks from ranked where n <= $2 order by kind, n`,
    [minTracks, perKind],
  );
}

/** The tracks of one group ($2 = its key), as id, play_count, language. */
const MEMBERS: Record<CuratedKind, string> = {
  genre: `select t.id, t.play_count, t.language from tracks t where t.genre = $2`,
  decade: `select t.id, t.play_count, t.language from tracks t left join albums al on al.id = t.album_id
            where coalesce(t.year, al.year) between $2::int and $2::int + 9`,
  artist: `select t.id, t.play_count, t.language from tracks t
            where t.id in (select track_id from track_artists where artist_id = $2 and role = 'primary')`,
  language: `select t.id, t.play_count, t.language from tracks t where t.language = $2`,
};

/**
 * Creates or renames one curated playlist and replaces its tracks with the
 * group's `size` most played (ties by id), in that order.
 */
export async function writeCuratedPlaylist(
  db: Queryable,
  p: { id: string; name: string; description: string; kind: CuratedKind; key: string; size: number },
): Promise<void> {
  await db.query(
    `insert into playlists (id, name, norm_name, description, source, language, updated_at)
     values ($1, $2, catalogue_norm($2), $3, 'curated', '', now())
     on conflict (id) do update set name = excluded.name, norm_name = excluded.norm_name,
       description = excluded.description, updated_at = now()`,
    [p.id, p.name, p.description],
  );
  await db.query(`delete from playlist_tracks where playlist_id = $1`, [p.id]);
  await db.query(
    `insert into playlist_tracks (playlist_id, position, track_id)
     select $1, (row_number() over (order by m.play_count desc, m.id) - 1)::int, m.id
       from (${MEMBERS[p.kind]} order by t.play_count desc, t.id limit $3) m`,
    [p.id, p.key, p.size],
  );
  await db.query(
    `update playlists set language = coalesce((
       select t.language from playlist_tracks pt join tracks t on t.id = pt.track_id
        where pt.playlist_id = $1 and t.language <> ''
        group by t.language order by count(*) desc, t.language limit 1), '')
      where id = $1`,
    [p.id],
  );
}

/** Removes curated playlists that are no longer generated. */
export async function deleteCuratedExcept(db: Queryable, keep: readonly string[]): Promise<number> {
  const rows = await db.query(
    `delete from playlists where source = 'curated' and not (id = any($1::text[])) returning id`,
    [keep],
  );
  return rows.length;
}
