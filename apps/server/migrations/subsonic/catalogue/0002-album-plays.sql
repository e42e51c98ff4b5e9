-- A recorded play (a History document, from the web app or a Subsonic app's
-- scrobble) counts on its song's album: albums.play_count and last_played_at
-- (catalogue/0400-album-list-figures.sql), which getAlbumList2's frequent and
-- recent lists walk by index (src/subsonic/README.md). Plays are counted once:
-- removing a History document does not take its play back.
create or replace function subsonic_count_album_plays() returns trigger
  language plpgsql
  as $$
  begin
    update albums al set play_count = al.play_count + p.n, last_played_at = greatest(al.last_played_at, p.at)
      from (select t.album_id, count(*)::int as n, max(h."$createdAt") as at
              from new_rows h join tracks t on t.id = h."songId"
             where t.album_id is not null
             group by t.album_id) p
     where al.id = p.album_id;
    return null;
  end
  $$;
create trigger doc_history_album_plays after insert on "doc_history"
  referencing new table as new_rows for each statement execute function subsonic_count_album_plays();

-- Plays recorded before.
update albums al set play_count = al.play_count + p.n, last_played_at = greatest(al.last_played_at, p.at)
  from (select t.album_id, count(*)::int as n, max(h."$createdAt") as at
          from "doc_history" h join tracks t on t.id = h."songId"
         where t.album_id is not null
         group by t.album_id) p
 where al.id = p.album_id;
