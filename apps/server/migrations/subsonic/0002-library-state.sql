-- What Subsonic apps keep that the web app's documents have no place for (src/subsonic/README.md).
-- Starred songs are the backend's Favorite documents; albums and artists have no such collection.
create table subsonic_stars (
  user_id    text not null references users(id) on delete cascade,
  kind       text not null check (kind in ('album', 'artist')),
  item_id    text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, kind, item_id)
);

-- savePlayQueue / getPlayQueue: one queue per user.
create table subsonic_play_queues (
  user_id     text primary key references users(id) on delete cascade,
  song_ids    text[] not null default '{}',
  current_id  text,
  position_ms bigint not null default 0,
  changed_at  timestamptz not null,
  changed_by  text not null default ''
);

-- A playlist's comment (Playlist documents have a name only); goes with the playlist.
create table subsonic_playlist_comments (
  playlist_id varchar(36) primary key references "doc_playlist" ("$id") on delete cascade,
  comment     text not null
);
