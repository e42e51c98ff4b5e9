-- An album's song count and length, kept up to date as its tracks are written
-- (not only when a scan finishes), so that album lists read them from the album
-- row (src/subsonic/README.md) instead of adding up tracks per request, and can
-- tell an album with songs by song_count > 0. The scanner's own refresh computes
-- the same song count and finds nothing to change.
alter table albums add column duration_s double precision not null default 0;

-- The albums of the tracks written: their figures from the tracks table as it is now.
create or replace function catalogue_album_figures(album_ids text[]) returns void
  language sql
  as $$
    update albums al set song_count = s.n, duration_s = s.d
      from (select a.id, count(t.id)::int as n, coalesce(sum(t.duration_s), 0)::float8 as d
              from unnest(album_ids) as a(id) left join tracks t on t.album_id = a.id
             group by a.id) s
     where al.id = s.id and (al.song_count, al.duration_s) is distinct from (s.n, s.d)
  $$;

-- Transition tables are only visible inside the trigger function itself: one function per event.
create or replace function catalogue_album_tracks_inserted() returns trigger
  language plpgsql
  as $$
  begin
    perform catalogue_album_figures(array(select distinct album_id from new_rows where album_id is not null));
    return null;
  end
  $$;

create or replace function catalogue_album_tracks_updated() returns trigger
  language plpgsql
  as $$
  begin
    perform catalogue_album_figures(array(
      select distinct a from old_rows o join new_rows n on n.id = o.id,
             unnest(array[o.album_id, n.album_id]) as a
       where a is not null
         and (o.album_id, o.duration_s) is distinct from (n.album_id, n.duration_s)));
    return null;
  end
  $$;

create or replace function catalogue_album_tracks_deleted() returns trigger
  language plpgsql
  as $$
  begin
    perform catalogue_album_figures(array(select distinct album_id from old_rows where album_id is not null));
    return null;
  end
  $$;

create trigger tracks_album_figures_inserted after insert on tracks
  referencing new table as new_rows for each statement execute function catalogue_album_tracks_inserted();
create trigger tracks_album_figures_updated after update on tracks
  referencing old table as old_rows new table as new_rows for each statement execute function catalogue_album_tracks_updated();
create trigger tracks_album_figures_deleted after delete on tracks
  referencing old table as old_rows for each statement execute function catalogue_album_tracks_deleted();

update albums al set song_count = s.n, duration_s = s.d
  from (select album_id, count(*)::int as n, coalesce(sum(duration_s), 0)::float8 as d
          from tracks where album_id is not null group by album_id) s
 where al.id = s.album_id and (al.song_count, al.duration_s) is distinct from (s.n, s.d);
update albums al set song_count = 0, duration_s = 0
 where al.song_count <> 0 and not exists (select 1 from tracks t where t.album_id = al.id);

-- Fresh figures for the planner (PGlite has no autovacuum to gather them).
analyze albums;
