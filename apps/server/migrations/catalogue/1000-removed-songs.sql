-- The library each song a scan removes was in (src/catalogue/removed-songs.ts): once its row is gone,
-- nothing else says it, and the ids of removed songs go out over realtime only to listeners who may see
-- that library. Every delete from tracks, whatever made it, notes its songs here; the end of the scan
-- takes the rows of the songs it announces, and drops rows older than a day (songs moved between folders).
create table catalogue_removed_songs (
  id         text not null,
  library_id text not null,
  removed_at timestamptz not null default now()
);
create index catalogue_removed_songs_id on catalogue_removed_songs (id);

create or replace function catalogue_note_removed_songs() returns trigger
  language plpgsql
  as $$
  begin
    insert into catalogue_removed_songs (id, library_id) select id, library_id from removed;
    return null;
  end
  $$;

create trigger tracks_note_removed after delete on tracks
  referencing old table as removed for each statement execute function catalogue_note_removed_songs();
