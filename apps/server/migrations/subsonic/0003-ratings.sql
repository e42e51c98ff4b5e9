-- setRating: a listener's 1-5 stars on a song, an album or an artist (0 removes them).
-- Songs carry it as userRating; getAlbumList2 type=highest lists the listener's best-rated albums.
create table subsonic_ratings (
  user_id    text not null references users(id) on delete cascade,
  kind       text not null check (kind in ('song', 'album', 'artist')),
  item_id    text not null,
  rating     smallint not null check (rating between 1 and 5),
  updated_at timestamptz not null default now(),
  primary key (user_id, kind, item_id)
);
