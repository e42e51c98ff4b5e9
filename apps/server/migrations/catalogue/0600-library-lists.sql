-- Library's lists of the whole collection (/api/library, catalogue-api.md §6):
-- the orders that would otherwise sort every song per page walk an index and
-- stop after the page. Albums by recent and most played use albums_first_seen
-- and albums_most_played (0400), songs by plays tracks_popular (0200).
create index if not exists tracks_by_title on tracks (norm_title, id);
create index if not exists tracks_recent on tracks (scanned_at desc, id);
-- The same indexes the Subsonic album and artist lists make (their migrations say
-- "if not exists" too): whichever module's migration runs first creates them.
create index if not exists subsonic_albums_name on albums (norm_name, id);
create index if not exists subsonic_artists_name on artists (norm_name, id);
