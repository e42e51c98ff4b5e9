-- Render jobs behind VideoRequest documents. The request document shows the
-- public part (status, attempts, error); this table holds the scheduling state
-- (when to try next, which server holds it and until when).
create table video_jobs (
  -- the VideoRequest document's $id
  request_id      text primary key,
  song_id         text not null,
  -- queued (new, or waiting to retry) | rendering | done | failed (gave up)
  state           text not null default 'queued',
  attempts        int not null default 0,
  next_attempt_at timestamptz not null,
  -- A rendering job whose lease ran out (its server stopped mid-render) is claimed again.
  lease_until     timestamptz,
  worker          text,
  error           text,
  created_at      timestamptz not null,
  updated_at      timestamptz not null
);
create index video_jobs_due on video_jobs (state, next_attempt_at);
