-- createBookmark / getBookmarks / deleteBookmark (src/subsonic/bookmarks.ts): a position in a song, per
-- user; it goes with the user, and with the song when a scan removes it.
create table subsonic_bookmarks (
  user_id     text not null references users(id) on delete cascade,
  track_id    text not null references tracks(id) on delete cascade,
  position_ms bigint not null,
  comment     text not null default '',
  created_at  timestamptz not null,
  changed_at  timestamptz not null,
  primary key (user_id, track_id)
);
create index subsonic_bookmarks_track on subsonic_bookmarks (track_id);
