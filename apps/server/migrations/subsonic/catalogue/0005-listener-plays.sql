-- When each listener last played each song and each album: songs and albums carry it as
-- `played` (src/subsonic/README.md). Kept from the History documents (a web app play or a
-- Subsonic app's scrobble) as they are recorded, so an answer looks a page of ids up by key
-- instead of searching the listener's whole history. Removing a History document does not
-- take the play back, as for albums.play_count (0002-album-plays.sql).
create table subsonic_plays (
  user_id   text not null,
  kind      text not null check (kind in ('song', 'album')),
  item_id   text not null,
  played_at timestamptz not null,
  primary key (user_id, kind, item_id)
);

create or replace function subsonic_record_plays() returns trigger
  language plpgsql
  as $$
  begin
    insert into subsonic_plays (user_id, kind, item_id, played_at)
      select p.user_id, p.kind, p.item_id, max(p.at) from (
          select h."userId" as user_id, 'song' as kind, h."songId" as item_id, h."$createdAt" as at from new_rows h
          union all
          select h."userId", 'album', t.album_id, h."$createdAt"
            from new_rows h join tracks t on t.id = h."songId" where t.album_id is not null) p
       group by p.user_id, p.kind, p.item_id
    on conflict (user_id, kind, item_id) do update set played_at = greatest(subsonic_plays.played_at, excluded.played_at);
    return null;
  end
  $$;
create trigger doc_history_listener_plays after insert on "doc_history"
  referencing new table as new_rows for each statement execute function subsonic_record_plays();

-- Plays recorded before.
insert into subsonic_plays (user_id, kind, item_id, played_at)
  select p.user_id, p.kind, p.item_id, max(p.at) from (
      select h."userId" as user_id, 'song' as kind, h."songId" as item_id, h."$createdAt" as at from "doc_history" h
      union all
      select h."userId", 'album', t.album_id, h."$createdAt"
        from "doc_history" h join tracks t on t.id = h."songId" where t.album_id is not null) p
   group by p.user_id, p.kind, p.item_id;
