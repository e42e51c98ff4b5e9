-- Account security (design/backend-api.md §3): phone, MFA, JWT signing key,
-- account logs, push targets. One-time secrets stay hashed in `tokens`.

alter table users add column phone text;
alter table users add column phone_verification boolean not null default false;
alter table users add column mfa boolean not null default false;
-- MFA recovery codes, each usable once; shown again by GET /account/mfa/recovery-codes (as Appwrite does)
alter table users add column mfa_recovery_codes text[] not null default '{}';
create unique index users_phone_key on users (phone) where phone is not null;

-- When the session last passed an MFA challenge ("recent" for 30 minutes).
alter table sessions add column mfa_updated_at timestamptz;

-- Six-digit email codes can repeat across users: a secret is unique per user only.
alter table tokens drop constraint if exists tokens_secret_hash_key;
create unique index tokens_user_secret on tokens (user_id, secret_hash);

-- A user's TOTP authenticator; `verified` once a first code was accepted.
create table authenticators (
  id         text primary key,
  user_id    text not null unique references users(id) on delete cascade,
  type       text not null,
  secret     text not null,
  verified   boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- An MFA challenge in flight; for email it holds the hash of the mailed code.
create table mfa_challenges (
  id         text primary key,
  user_id    text not null references users(id) on delete cascade,
  type       text not null,
  code_hash  text not null default '',
  expire     timestamptz not null,
  created_at timestamptz not null
);
create index mfa_challenges_user on mfa_challenges (user_id);

-- What happened to an account (GET /account/logs).
create table account_logs (
  id         text primary key,
  user_id    text not null references users(id) on delete cascade,
  event      text not null,
  ip         text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null
);
create index account_logs_user on account_logs (user_id, created_at desc);

-- Push targets a client registered for its user.
create table push_targets (
  id          text primary key,
  user_id     text not null references users(id) on delete cascade,
  provider_id text,
  identifier  text not null,
  name        text not null default '',
  created_at  timestamptz not null,
  updated_at  timestamptz not null
);
create index push_targets_user on push_targets (user_id);

-- Keys the server generates once and keeps (the JWT signing key).
create table server_keys (
  name       text primary key,
  value      text not null,
  created_at timestamptz not null
);
