-- Who may listen to each music library (MUSIC_DIRS). A library with no row in library_access is open to
-- every account (and to anonymous visitors of a public server), as every library was before; with a row,
-- only administrators and the accounts in library_grants see it.
create table library_access (
  library_id text primary key,
  updated_at timestamptz not null default now()
);

create table library_grants (
  library_id text not null references library_access(library_id) on delete cascade,
  user_id    text not null references users(id) on delete cascade,
  primary key (library_id, user_id)
);
create index library_grants_user on library_grants (user_id);
