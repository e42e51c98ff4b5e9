-- Folders as the last completed scan saw them (src/catalogue/scanner/README.md,
-- "Quick rescans"): a quick rescan skips a folder whose mtime and entry count are
-- unchanged, without statting its files. `skip_gen` marks the folders skipped by
-- the scan under way: their songs count as seen and are not swept.
create table scan_folders (
  path     text primary key,
  mtime_ms bigint not null,
  entries  int not null,
  skip_gen bigint not null default 0
);
