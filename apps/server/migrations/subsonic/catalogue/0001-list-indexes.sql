-- Album lists (getAlbumList2) over large catalogues: alphabetical pages walk an index
-- of album names; an album's song count, length, plays and first scan (every list,
-- and the order of newest and most played) come from an index holding them, without
-- visiting the tracks table (src/subsonic/README.md).
create index if not exists subsonic_albums_name on albums (norm_name, id);
create index if not exists subsonic_tracks_album_facts on tracks (album_id) include (scanned_at, play_count, duration_s);
