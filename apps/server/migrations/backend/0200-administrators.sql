-- Administrators (design/backend-api.md §11): an account is one while its labels hold
-- 'admin'. The first account with an email made on a fresh server claims the one row
-- here and becomes the administrator; a server that already has accounts when this
-- runs has its administrators named with `npm run admin -- users promote <email>`.
create table admin_claim (
  one boolean primary key default true check (one)
);
insert into admin_claim (one) select true where exists (select 1 from users where email is not null);

-- Invitations (SIGNUPS=invite): a link an administrator makes, good for `max_uses`
-- sign-ups until `expire`. Only the hash of its secret is kept.
create table invitations (
  id          text primary key,
  secret_hash text not null unique,
  max_uses    integer not null check (max_uses > 0),
  used        integer not null default 0,
  expire      timestamptz not null,
  created_by  text references users(id) on delete set null,
  created_at  timestamptz not null
);
