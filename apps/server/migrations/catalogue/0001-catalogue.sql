-- Catalogue tables: the music folder as albums, artists, tracks and playlists.
-- Ids are stable strings derived from content/paths (see src/catalogue/scanner/README.md),
-- never row numbers, so a rescan keeps every id and users' favourites stay valid.
create extension if not exists pg_trgm;
create extension if not exists unaccent;

-- Original cover images (embedded pictures or folder images), keyed by a hash of their bytes.
-- The bytes live in DATA_DIR/covers/<id>; resized copies are cached beside them.
create table covers (
  id         text primary key,
  mime       text not null,
  width      int,
  height     int,
  created_at timestamptz not null default now()
);

create table artists (
  id         text primary key,
  name       text not null,
  -- lower(unaccent(name)), for grouping and trigram search
  norm_name  text not null,
  cover_id   text references covers(id) on delete set null,
  updated_at timestamptz not null default now()
);
create index artists_norm_trgm on artists using gin (norm_name gin_trgm_ops);

create table albums (
  id              text primary key,
  name            text not null,
  norm_name       text not null,
  album_artist_id text references artists(id) on delete set null,
  year            int,
  release_date    text,
  language        text not null default '',
  genre           text,
  label           text,
  copyright       text,
  cover_id        text references covers(id) on delete set null,
  song_count      int not null default 0,
  updated_at      timestamptz not null default now()
);
create index albums_norm_trgm on albums using gin (norm_name gin_trgm_ops);
create index albums_artist on albums (album_artist_id);

create table tracks (
  id           text primary key,
  -- path relative to MUSIC_DIR, with '/' separators
  path         text not null unique,
  size_bytes   bigint not null,
  mtime_ms     bigint not null,
  -- hash of size + head + tail bytes: lets a moved/renamed file keep its id
  fingerprint  text not null,
  title        text not null,
  norm_title   text not null,
  album_id     text references albums(id) on delete set null,
  track_no     int,
  disc_no      int,
  year         int,
  release_date text,
  duration_s   double precision,
  genre        text,
  language     text not null default '',
  label        text,
  copyright    text,
  explicit     boolean not null default false,
  -- source audio facts, used by the transcoder to avoid inventing quality
  codec        text,
  container    text,
  bitrate_kbps int,
  sample_rate  int,
  channels     int,
  cover_id     text references covers(id) on delete set null,
  play_count   int not null default 0,
  -- title + artists + album, lower(unaccent()), for trigram matching of typos and partial words
  search_text  text not null default '',
  search_tsv   tsvector,
  scanned_at   timestamptz not null default now()
);
create index tracks_album on tracks (album_id, disc_no, track_no);
create index tracks_fingerprint on tracks (fingerprint);
create index tracks_search_trgm on tracks using gin (search_text gin_trgm_ops);
create index tracks_search_tsv on tracks using gin (search_tsv);
create index tracks_genre on tracks (genre);
create index tracks_year on tracks (year);

-- Credits: role is 'primary', 'featured', or a credit such as 'composer'.
create table track_artists (
  track_id  text not null references tracks(id) on delete cascade,
  artist_id text not null references artists(id) on delete cascade,
  role      text not null,
  position  int not null,
  primary key (track_id, artist_id, role)
);
create index track_artists_artist on track_artists (artist_id, role);

-- Catalogue playlists: from .m3u/.m3u8 files in the music folder ('m3u') or curated ('curated').
create table playlists (
  id          text primary key,
  name        text not null,
  norm_name   text not null,
  description text,
  source      text not null,
  path        text unique,
  language    text not null default '',
  cover_id    text references covers(id) on delete set null,
  updated_at  timestamptz not null default now()
);
create index playlists_norm_trgm on playlists using gin (norm_name gin_trgm_ops);

create table playlist_tracks (
  playlist_id text not null references playlists(id) on delete cascade,
  position    int not null,
  track_id    text not null references tracks(id) on delete cascade,
  primary key (playlist_id, position)
);

-- Files the scanner could not read; reported by the status endpoint, retried when they change.
create table scan_errors (
  path       text primary key,
  size_bytes bigint not null,
  mtime_ms   bigint not null,
  message    text not null,
  at         timestamptz not null default now()
);
