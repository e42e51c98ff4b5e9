-- Accounts, identities, sessions and one-time tokens of the Appwrite-compatible
-- backend (design/backend-api.md §1, §3). Only hashes of secrets are stored.

create table users (
  id                 text primary key,
  -- null for anonymous users; unique ignoring case (see users_email_key)
  email              text,
  name               text not null default '',
  -- 'scrypt$N$r$p$salt$hash' (src/backend/auth/password.ts); null without a password
  password_hash      text,
  prefs              jsonb not null default '{}'::jsonb,
  labels             text[] not null default '{}',
  status             boolean not null default true,
  email_verification boolean not null default false,
  registration       timestamptz not null,
  password_update    timestamptz,
  accessed_at        timestamptz not null,
  created_at         timestamptz not null,
  updated_at         timestamptz not null
);
create unique index users_email_key on users (lower(email)) where email is not null;

-- A user's accounts at OAuth/OpenID Connect providers: (provider, subject) -> user.
create table identities (
  id             text primary key,
  user_id        text not null references users(id) on delete cascade,
  provider       text not null,
  provider_uid   text not null,
  provider_email text not null default '',
  created_at     timestamptz not null,
  updated_at     timestamptz not null,
  unique (provider, provider_uid)
);
create index identities_user on identities (user_id);

create table sessions (
  id           text primary key,
  user_id      text not null references users(id) on delete cascade,
  -- sha256 of the secret carried in the a_session_<project> credential
  secret_hash  text not null unique,
  provider     text not null,
  provider_uid text not null default '',
  factors      text[] not null default '{}',
  ip           text not null default '',
  user_agent   text not null default '',
  expire       timestamptz not null,
  created_at   timestamptz not null,
  updated_at   timestamptz not null
);
create index sessions_user on sessions (user_id, created_at);

-- Single-use, short-lived secrets exchanged for a session (OAuth2 token flow).
create table tokens (
  id           text primary key,
  user_id      text not null references users(id) on delete cascade,
  secret_hash  text not null unique,
  type         text not null,
  provider     text not null default '',
  provider_uid text not null default '',
  expire       timestamptz not null,
  created_at   timestamptz not null
);
create index tokens_user on tokens (user_id);

-- An OAuth authorization in flight: PKCE verifier and nonce stay on the server,
-- the browser carries only the random state (hashed here).
create table oauth_states (
  state_hash    text primary key,
  provider      text not null,
  -- 'token' (createOAuth2Token) or 'session' (createOAuth2Session)
  mode          text not null,
  code_verifier text not null,
  nonce         text not null,
  redirect_uri  text not null,
  success       text not null,
  failure       text not null,
  expire        timestamptz not null,
  created_at    timestamptz not null
);
