-- Credentials of Subsonic apps (src/subsonic/README.md). Users are the backend's accounts.
-- The app password is sealed with AES-256-GCM under DATA_DIR/subsonic.key: token
-- authentication (t = md5(password + salt)) needs the password itself.
create table subsonic_app_passwords (
  user_id    text primary key references users(id) on delete cascade,
  sealed     text not null,
  created_at timestamptz not null default now()
);

-- API keys (OpenSubsonic apiKeyAuthentication): only their SHA-256 is kept.
create table subsonic_api_keys (
  key_hash     text primary key,
  user_id      text not null references users(id) on delete cascade,
  created_at   timestamptz not null default now(),
  last_used_at timestamptz
);
create index subsonic_api_keys_user on subsonic_api_keys (user_id);
