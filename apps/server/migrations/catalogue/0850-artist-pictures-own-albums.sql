-- An artist's picture is the cover of one of their own albums, the newest with art
-- (catalogue/store/artists.sql.ts OWN_ALBUM_COVER), as the artist page has read it live.
-- Scans before this also took a cover from albums the artist was only featured on, or from a
-- compilation's songs: another artist's cover. Set every artist to the rule once; the scanner's
-- aggregate pass keeps it from here. An artist left without one gets a picture generated from
-- their name when it is served.
update artists ar set cover_id = c.cover_id
  from (select a.id,
               (select al.cover_id from albums al
                 where al.album_artist_id = a.id and al.song_count > 0 and al.cover_id is not null
                 order by al.year desc nulls last, al.norm_name, al.id limit 1) as cover_id
          from artists a) c
 where c.id = ar.id and ar.cover_id is distinct from c.cover_id;
