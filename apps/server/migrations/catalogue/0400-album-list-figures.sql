-- What album lists are ordered by, kept on the album so that each list walks an
-- index and stops after a page (the Subsonic API's getAlbumList2: newest, most
-- played, recently played; src/subsonic/README.md), instead of adding up every
-- track of the catalogue per request.
--
-- first_seen_at: when the album first appeared in the catalogue. Set by the
-- column default when the scanner inserts the album; a rescan updates other
-- columns and leaves it. Existing albums take their earliest track's scan time.
alter table albums add column first_seen_at timestamptz not null default now();
update albums al set first_seen_at = s.first_seen_at
  from (select album_id, min(scanned_at) as first_seen_at from tracks where album_id is not null group by album_id) s
 where s.album_id = al.id;

-- play_count: the album's plays (its songs' catalogue play counts when this was
-- added, then one more per play recorded); last_played_at: the latest recorded
-- play. Recorded plays update both (migrations/subsonic/catalogue/).
alter table albums add column play_count int not null default 0;
alter table albums add column last_played_at timestamptz;
update albums al set play_count = s.plays
  from (select album_id, sum(play_count)::int as plays from tracks where album_id is not null group by album_id) s
 where s.album_id = al.id and s.plays <> 0;

-- Each with the alphabetical order as tie-break, as the lists sort.
create index albums_first_seen on albums (first_seen_at desc, norm_name, id);
create index albums_most_played on albums (play_count desc, norm_name, id);
create index albums_last_played on albums (last_played_at desc nulls last, first_seen_at desc, norm_name, id);
