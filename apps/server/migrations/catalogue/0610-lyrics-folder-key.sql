-- A sidecar .lrc added or replaced beside an unchanged song (src/catalogue/lyrics/lyrics.sql.ts): the
-- lyrics remember the signature of the song's folder (scan_folders) they were read under, and are read
-- again once a completed scan saw that folder change.
alter table track_lyrics add column folder_key text not null default '';
