-- The album shelf (src/subsonic/album-shelf.ts) also keeps, for the listeners who asked,
-- their ratings and latest plays of albums, so an album list served from it reads none.
-- A play moves subsonic_album_changes on already (it counts on albums.play_count,
-- 0002-album-plays.sql); an album's rating moves it on too, and is announced, as every
-- change to what the shelf holds (0004-album-shelf-changes.sql).
create or replace function subsonic_album_ratings_changed() returns trigger
  language plpgsql
  as $$
  begin
    if exists (select from changed where kind = 'album') then
      perform nextval('subsonic_album_changes');
      perform pg_notify('subsonic_albums', '');
    end if;
    return null;
  end
  $$;

-- (First named 0006-album-ratings-shelf.sql: a database that ran it under that name has these already.)
drop trigger if exists subsonic_ratings_shelf_insert on subsonic_ratings;
drop trigger if exists subsonic_ratings_shelf_update on subsonic_ratings;
drop trigger if exists subsonic_ratings_shelf_delete on subsonic_ratings;
create trigger subsonic_ratings_shelf_insert after insert on subsonic_ratings
  referencing new table as changed for each statement execute function subsonic_album_ratings_changed();
create trigger subsonic_ratings_shelf_update after update on subsonic_ratings
  referencing new table as changed for each statement execute function subsonic_album_ratings_changed();
create trigger subsonic_ratings_shelf_delete after delete on subsonic_ratings
  referencing old table as changed for each statement execute function subsonic_album_ratings_changed();
