import type { Queryable } from '../../db/db.js';

export async function trackExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('select 1 from tracks where id = $1', [id])).length > 0;
}

/**
 * Whether `id` names a song of the catalogue in this database; null when the database has no catalogue
 * (a backend running alone), so there is nothing to check against.
 */
export async function songInCatalogue(db: Queryable, id: string): Promise<boolean | null> {
  const [catalogue] = await db.query<{ tracks: string | null }>(`select to_regclass('tracks')::text as tracks`);
  return catalogue?.tracks ? trackExists(db, id) : null;
}

/**
 * A song's exact length in milliseconds, as read from its file (the API's lengths are whole seconds); null when
 * the catalogue has no such song or the database has no catalogue (a backend running alone).
 */
export async function songLengthMs(db: Queryable, id: string): Promise<number | null> {
  const [catalogue] = await db.query<{ tracks: string | null }>(`select to_regclass('tracks')::text as tracks`);
  if (!catalogue?.tracks) return null;
  const [row] = await db.query<{ ms: number | null }>('select round(duration_s * 1000)::float8 as ms from tracks where id = $1', [id]);
  return row?.ms != null && row.ms > 0 ? row.ms : null;
}

/**
 * Songs to play after `id`, best first. Candidates come from index-backed
 * sets (same album, same artists, the genre's and the language's most played,
 * the library's most played) and are scored: shared artist 3, same album 2,
 * same genre 2, same language 1, released within 5 years 1. Ties break on a
 * hash of both ids: varied between seed songs, identical on every call and on
 * both engines. The seed song itself is never a candidate.
 */
export async function selectSuggestedTrackIds(db: Queryable, id: string, limit: number, perSource: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `with s as (
       select t.id, t.album_id, t.genre, t.language, coalesce(t.year, al.year) as year
         from tracks t left join albums al on al.id = t.album_id where t.id = $1),
     sa as (select artist_id from track_artists where track_id = $1 and role in ('primary', 'featured')),
     cand as (
       select t.id from tracks t join s on t.album_id = s.album_id
       union
       select ta.track_id from track_artists ta join sa on sa.artist_id = ta.artist_id
        where ta.role in ('primary', 'featured')
       union
       (select t.id from tracks t join s on t.genre = s.genre order by t.play_count desc, t.id limit $3)
       union
       (select t.id from tracks t join s on s.language <> '' and t.language = s.language
         order by t.play_count desc, t.id limit $3)
       union
       (select t.id from tracks t order by t.play_count desc, t.id limit $2 + 1))
     select t.id
       from cand c
       join tracks t on t.id = c.id
       left join albums al on al.id = t.album_id
       cross join s
      where t.id <> s.id
      order by (3 * (exists (select 1 from track_artists ta join sa on sa.artist_id = ta.artist_id
                              where ta.track_id = t.id and ta.role in ('primary', 'featured')))::int
              + 2 * coalesce(t.album_id = s.album_id, false)::int
              + 2 * coalesce(t.genre = s.genre, false)::int
              + coalesce(s.language <> '' and t.language = s.language, false)::int
              + coalesce(abs(coalesce(t.year, al.year) - s.year) <= 5, false)::int) desc,
               md5(s.id || '/' || t.id), t.id
      limit $2`,
    [id, limit, perSource],
  );
  return rows.map((r) => r.id);
}
