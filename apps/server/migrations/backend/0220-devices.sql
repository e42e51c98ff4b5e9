-- Play on another device (backend-api.md §12): the open apps of each listener, what the listener is
-- playing, and the names given to devices.

-- One row per open app (a browser tab): online while last_seen is recent (devices/presence.ts).
create table devices (
  user_id     text not null references users(id) on delete cascade,
  id          varchar(36) not null,
  session_id  text not null,
  -- From the browser and system of the app (`Chrome on GNU/Linux`), unless the session is named.
  name        text not null,
  last_seen   timestamptz not null,
  -- What it plays: {songId, index, positionMs, durationMs, playing, volume, at}, or null.
  now_playing jsonb,
  primary key (user_id, id)
);
create index devices_last_seen on devices (last_seen);

-- A name the listener gave the device behind a session (Profile's devices list).
create table device_names (
  session_id  text primary key,
  user_id     text not null references users(id) on delete cascade,
  name        text not null
);

-- What the listener is playing, wherever: the queue, the current song, the position at changed_at and
-- whether it moves on from there, and the device that plays it. The same state is a Subsonic app's
-- play queue (savePlayQueue / getPlayQueue).
create table play_states (
  user_id     text primary key references users(id) on delete cascade,
  song_ids    text[] not null default '{}',
  current_id  text,
  position_ms float8 not null default 0,
  playing     boolean not null default false,
  device_id   varchar(36),
  changed_at  timestamptz not null,
  changed_by  text not null default ''
);

-- Queues Subsonic apps saved before play_states held them.
do $$
begin
  if to_regclass('subsonic_play_queues') is not null then
    insert into play_states (user_id, song_ids, current_id, position_ms, changed_at, changed_by)
      select user_id, song_ids, current_id, position_ms, changed_at, changed_by from subsonic_play_queues
      on conflict (user_id) do nothing;
  end if;
end $$;
