-- Lyrics of each track: a sidecar .lrc file beside it (same base name), else the
-- file's own lyrics tags (ID3 USLT/SYLT, Vorbis LYRICS/UNSYNCEDLYRICS, MP4 ©lyr).
-- `lines` is [{startMs, text}] when synced, [{text}] otherwise. Read by a
-- background pass (src/catalogue/lyrics/) per file version (`source_key`).
create table track_lyrics (
  track_id   text primary key references tracks(id) on delete cascade,
  source_key text not null,
  origin     text not null check (origin in ('lrc', 'embedded', 'none')),
  synced     boolean not null default false,
  lang       text,
  lines      jsonb not null default '[]',
  updated_at timestamptz not null default now()
);
