-- The other album lists walk an index too (src/subsonic/README.md): by artist
-- (artists by name, then each artist's albums by year and name), by year, and
-- by genre (the album's, or any of its songs', in any letter case; `genre` is
-- included so that the lookup reads the index alone).
create index if not exists subsonic_artists_name on artists (norm_name, id);
create index if not exists subsonic_albums_by_artist on albums (album_artist_id, year, norm_name, id);
create index if not exists subsonic_albums_year on albums (year, norm_name, id);
create index if not exists subsonic_albums_genre on albums (lower(genre)) include (genre);
create index if not exists subsonic_tracks_genre on tracks (lower(genre), album_id) include (genre);

-- Albums keep their song count, length, plays and first scan (catalogue/0400, 0401): the lists no longer
-- read these from the tracks; tracks (album_id, ...) remains for an album's songs.
drop index if exists subsonic_tracks_album_facts;
