-- Loudness of each track for normalisation (ReplayGain 2 reference: -18 LUFS).
-- From the file's ReplayGain tags when it has them, else measured with ffmpeg's
-- ebur128 filter by a background job (src/catalogue/loudness/). `source_key`
-- names the version of the file measured (size and mtime): a changed file is
-- measured again. Album values come from the album's tags, else from the
-- measured loudness of all its tracks (album_loudness).
create table track_loudness (
  track_id      text primary key references tracks(id) on delete cascade,
  source_key    text not null,
  -- Integrated loudness (LUFS); null when the track is silent or unmeasurable.
  lufs          real,
  track_gain_db real,
  -- Linear sample or true peak (1.0 = full scale).
  track_peak    real,
  album_gain_db real,
  album_peak    real,
  origin        text not null check (origin in ('tags', 'measured', 'failed')),
  error         text,
  updated_at    timestamptz not null default now()
);

create table album_loudness (
  album_id   text primary key references albums(id) on delete cascade,
  gain_db    real not null,
  peak       real not null,
  updated_at timestamptz not null default now()
);
