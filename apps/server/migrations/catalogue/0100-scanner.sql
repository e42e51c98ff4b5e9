-- Scanner bookkeeping (src/catalogue/scanner/README.md): mark-and-sweep generations,
-- the tags album grouping is decided from, and a lease so that only one server
-- instance on a shared PostgreSQL scans at a time.

-- One row. `generation` grows by one per scan; rows not stamped with the current
-- generation when a scan completes are gone from disk and are swept.
create table scan_state (
  id           int primary key check (id = 1),
  generation   bigint not null default 0,
  last_scan_at timestamptz,
  lease_owner  text,
  lease_until  timestamptz
);
insert into scan_state (id) values (1);

alter table tracks add column scan_gen bigint not null default 0;
-- folder of the file relative to MUSIC_DIR ('' = the root): albums are grouped per folder
alter table tracks add column dir text not null default '';
-- the tags as written in the file; the album is derived from them per folder
alter table tracks add column album_tag text;
alter table tracks add column album_artist_tag text;
alter table tracks add column artist_tag text not null default '';
alter table tracks add column compilation boolean not null default false;
-- 'embedded' | 'folder' | null, and the folder images the cover was chosen among
alter table tracks add column cover_source text;
alter table tracks add column folder_sig text not null default '';
create index tracks_dir on tracks (dir);

-- the normalised grouping key the numeric id was derived from (ids.ts)
alter table artists add column group_key text;
create unique index artists_group_key on artists (group_key);
alter table albums add column group_key text;
create unique index albums_group_key on albums (group_key);

-- .m3u/.m3u8 files: re-read when their size or mtime changes
alter table playlists add column size_bytes bigint;
alter table playlists add column mtime_ms bigint;
alter table playlists add column scan_gen bigint not null default 0;

alter table scan_errors add column scan_gen bigint not null default 0;
