-- Rate limits shared by every server instance on one PostgreSQL (sign-in failures,
-- sign-ups, anonymous sessions, Subsonic sign-ins): the times (ms since the epoch) of
-- a key's counted attempts still inside its window. The embedded PGlite keeps them in
-- memory instead; there the table stays empty.
create table rate_limits (
  key text primary key,
  hits bigint[] not null,
  -- When the latest attempt leaves its window: older rows are swept.
  expires_at bigint not null
);
create index rate_limits_expires_at on rate_limits (expires_at);
