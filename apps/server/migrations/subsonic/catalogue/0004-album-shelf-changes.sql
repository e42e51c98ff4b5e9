-- Album lists are served from a copy of the albums in memory while nothing it
-- holds has changed (src/subsonic/album-shelf.ts). Every statement that
-- changes a row it is made from moves subsonic_album_changes on, which each
-- list request reads (a sequence: no lock, so no writer ever waits for
-- another), and sends a notification on subsonic_albums when it commits, which
-- every server sharing the database hears: a change is never served from a
-- copy made before it.
create sequence subsonic_album_changes;

create or replace function subsonic_album_shelf_changed() returns trigger
  language plpgsql
  as $$
  begin
    -- A statement fires its triggers even when it changed no row.
    if exists (select from changed) then
      perform nextval('subsonic_album_changes');
      perform pg_notify('subsonic_albums', '');
    end if;
    return null;
  end
  $$;

-- What an album list shows: the album, its album artist (or the main
-- performers of its songs) and its genres (any of its songs').
do $$
declare
  t text;
begin
  foreach t in array array['albums', 'artists', 'track_artists', 'album_genres'] loop
    execute format('create trigger %I after insert on %I referencing new table as changed
                      for each statement execute function subsonic_album_shelf_changed()', t || '_shelf_insert', t);
    execute format('create trigger %I after update on %I referencing new table as changed
                      for each statement execute function subsonic_album_shelf_changed()', t || '_shelf_update', t);
    execute format('create trigger %I after delete on %I referencing old table as changed
                      for each statement execute function subsonic_album_shelf_changed()', t || '_shelf_delete', t);
  end loop;
end
$$;
