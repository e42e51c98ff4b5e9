-- Realtime events too large for one NOTIFY payload (PostgreSQL caps it below 8000 bytes):
-- the publishing instance stores the event here and notifies its id; listeners re-read it.
-- Rows are short-lived; publishers delete those older than a few minutes.
create table realtime_events (
  id         bigserial primary key,
  body       jsonb not null,
  created_at timestamptz not null default now()
);
create index realtime_events_created_at on realtime_events (created_at);
