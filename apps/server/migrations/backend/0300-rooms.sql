-- Listening rooms (backend-api.md §13): a host's room, its members and its shared queue. Every server instance
-- reads the same rows, so guests behind any of them hear the same song at the same position.

create table rooms (
  -- 128 random bits in hex: the room's link is its only key for guests.
  id          varchar(36) primary key,
  host_id     text not null references users(id) on delete cascade,
  created_at  timestamptz not null,
  -- The host's last call: a room whose host has been gone 10 minutes ends (rooms/room-rules.ts).
  host_seen   timestamptz not null,
  ended_at    timestamptz,
  -- 'host' (the host ended it) or 'host_left'.
  ended_why   text,
  -- The entry that plays, when position 0 of it was (or would have been) on the server's clock (ms since
  -- 1970), and its position while paused (null while it plays).
  current_id  varchar(36),
  started_at  float8,
  paused_ms   float8,
  -- Counts changes: clients keep the newest state they heard.
  version     integer not null default 0
);
create index rooms_open_host on rooms (host_id) where ended_at is null;

-- Who is in a room: signed-in listeners (user_id) and anonymous guests (a key only they hold, hashed).
create table room_members (
  room_id     varchar(36) not null references rooms(id) on delete cascade,
  id          varchar(36) not null,
  user_id     text references users(id) on delete cascade,
  key_hash    text not null,
  name        text not null,
  songs_added integer not null default 0,
  joined_at   timestamptz not null,
  last_seen   timestamptz not null,
  primary key (room_id, id)
);
create unique index room_members_user on room_members (room_id, user_id) where user_id is not null;

-- The room's queue, in order, with who added each song and its length (the timeline moves on by it).
create table room_songs (
  room_id     varchar(36) not null references rooms(id) on delete cascade,
  id          varchar(36) not null,
  seq         integer not null,
  song_id     text not null,
  duration_ms integer not null,
  added_by    varchar(36) not null,
  added_name  text not null,
  primary key (room_id, id)
);
create index room_songs_order on room_songs (room_id, seq);
