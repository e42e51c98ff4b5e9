-- The library (MUSIC_DIRS) each song is in. With several libraries the scanner walks DATA_DIR/libraries,
-- one link per library named by its id (src/catalogue/library-links.ts), so a song's path starts with
-- its library's id. With one library (MUSIC_DIR) the column holds a path's first folder and is not read.
alter table tracks add column library_id text generated always as (split_part(path, '/', 1)) stored;
create index tracks_library on tracks (library_id, album_id);
