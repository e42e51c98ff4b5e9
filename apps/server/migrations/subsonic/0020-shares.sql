-- Public shares (createShare and the calls that list, change and remove them): a link to songs or an
-- album that anyone holding it may play until it expires, even on a private server. The id is random
-- and unguessable (it is the link's secret); item_ids are the song or album ids shared, in order.
create table subsonic_shares (
  id              text primary key,
  user_id         text not null,
  description     text,
  item_ids        text[] not null,
  expires_at      timestamptz,
  max_bit_rate    integer,
  created_at      timestamptz not null,
  last_visited_at timestamptz,
  visit_count     integer not null default 0
);
create index subsonic_shares_by_user on subsonic_shares (user_id, created_at);
