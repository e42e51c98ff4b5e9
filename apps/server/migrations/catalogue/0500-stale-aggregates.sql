-- The albums and artists whose figures (song count, year, genre, language, cover;
-- an artist's cover; whether either still has songs) the end of a scan must
-- refresh. Every write to tracks, credits, albums and artists notes the ids it
-- touched here, whatever wrote it, so a quick scan refreshes those instead of
-- the whole catalogue (src/catalogue/scanner/finalize.ts): a file dropped into
-- a library of 100,000 songs refreshes one album and its artists.
create table catalogue_stale_albums (id text primary key);
create table catalogue_stale_artists (id text primary key);

-- Transition tables are only visible inside the trigger function itself. The insert and delete
-- triggers name theirs `changed` (the new rows, or the old ones), so one function serves both.
create or replace function catalogue_stale_tracks_changed() returns trigger
  language plpgsql
  as $$
  begin
    insert into catalogue_stale_albums (id)
      select distinct album_id from changed where album_id is not null on conflict do nothing;
    return null;
  end
  $$;

create or replace function catalogue_stale_tracks_updated() returns trigger
  language plpgsql
  as $$
  begin
    insert into catalogue_stale_albums (id)
      select album_id from old_rows where album_id is not null
      union select album_id from new_rows where album_id is not null
      on conflict do nothing;
    return null;
  end
  $$;

create or replace function catalogue_stale_credits_changed() returns trigger
  language plpgsql
  as $$
  begin
    insert into catalogue_stale_artists (id) select distinct artist_id from changed on conflict do nothing;
    return null;
  end
  $$;

-- A new album may end up with no song (the scan's regrouping picks another): it is refreshed, so removed.
create or replace function catalogue_stale_albums_inserted() returns trigger
  language plpgsql
  as $$
  begin
    insert into catalogue_stale_albums (id) select id from changed on conflict do nothing;
    insert into catalogue_stale_artists (id)
      select distinct album_artist_id from changed where album_artist_id is not null on conflict do nothing;
    return null;
  end
  $$;

create or replace function catalogue_stale_artists_inserted() returns trigger
  language plpgsql
  as $$
  begin
    insert into catalogue_stale_artists (id) select id from changed on conflict do nothing;
    return null;
  end
  $$;

create trigger tracks_stale_inserted after insert on tracks
  referencing new table as changed for each statement execute function catalogue_stale_tracks_changed();
create trigger tracks_stale_updated after update on tracks
  referencing old table as old_rows new table as new_rows for each statement execute function catalogue_stale_tracks_updated();
create trigger tracks_stale_deleted after delete on tracks
  referencing old table as changed for each statement execute function catalogue_stale_tracks_changed();
create trigger track_artists_stale_inserted after insert on track_artists
  referencing new table as changed for each statement execute function catalogue_stale_credits_changed();
create trigger track_artists_stale_deleted after delete on track_artists
  referencing old table as changed for each statement execute function catalogue_stale_credits_changed();
create trigger albums_stale_inserted after insert on albums
  referencing new table as changed for each statement execute function catalogue_stale_albums_inserted();
create trigger artists_stale_inserted after insert on artists
  referencing new table as changed for each statement execute function catalogue_stale_artists_inserted();
