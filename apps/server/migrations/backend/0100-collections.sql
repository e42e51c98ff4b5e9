-- Generated from appwrite.json by apps/server/src/backend/schema/print-migration.ts; do not edit by hand.
-- One table per collection; see apps/server/src/backend/schema/README.md.

-- Favorite (collection Favorite in database lyra)
create table "doc_favorite" (
  "$sequence" bigserial primary key,
  "$id" varchar(36) not null unique,
  "$createdAt" timestamptz(3) not null,
  "$updatedAt" timestamptz(3) not null,
  "$permissions" text[] not null default '{}',
  "userId" varchar(36) not null,
  "songId" varchar(64) not null
);
create index "doc_favorite_permissions" on "doc_favorite" using gin ("$permissions");
create index "doc_favorite_created_at" on "doc_favorite" ("$createdAt");
create index "doc_favorite_updated_at" on "doc_favorite" ("$updatedAt");
create unique index "doc_favorite_userid_songid" on "doc_favorite" ("userId", "songId");

-- Playlist (collection Playlist in database lyra)
create table "doc_playlist" (
  "$sequence" bigserial primary key,
  "$id" varchar(36) not null unique,
  "$createdAt" timestamptz(3) not null,
  "$updatedAt" timestamptz(3) not null,
  "$permissions" text[] not null default '{}',
  "userId" varchar(36) not null,
  "name" varchar(256)
);
create index "doc_playlist_permissions" on "doc_playlist" using gin ("$permissions");
create index "doc_playlist_created_at" on "doc_playlist" ("$createdAt");
create index "doc_playlist_updated_at" on "doc_playlist" ("$updatedAt");
create index "doc_playlist_userid" on "doc_playlist" ("userId");
create index "doc_playlist_name_search" on "doc_playlist" using gin (to_tsvector('simple', coalesce("name", '')));

-- PlaylistSong (collection PlaylistSong in database lyra)
create table "doc_playlist_song" (
  "$sequence" bigserial primary key,
  "$id" varchar(36) not null unique,
  "$createdAt" timestamptz(3) not null,
  "$updatedAt" timestamptz(3) not null,
  "$permissions" text[] not null default '{}',
  "playlistId" varchar(36) not null,
  "songId" varchar(64) not null
);
create index "doc_playlist_song_permissions" on "doc_playlist_song" using gin ("$permissions");
create index "doc_playlist_song_created_at" on "doc_playlist_song" ("$createdAt");
create index "doc_playlist_song_updated_at" on "doc_playlist_song" ("$updatedAt");
create unique index "doc_playlist_song_playlistid_songid" on "doc_playlist_song" ("playlistId", "songId");

-- Feedback (collection Feedback in database lyra)
create table "doc_feedback" (
  "$sequence" bigserial primary key,
  "$id" varchar(36) not null unique,
  "$createdAt" timestamptz(3) not null,
  "$updatedAt" timestamptz(3) not null,
  "$permissions" text[] not null default '{}',
  "userName" varchar(128),
  "message" varchar(4000) not null
);
create index "doc_feedback_permissions" on "doc_feedback" using gin ("$permissions");
create index "doc_feedback_created_at" on "doc_feedback" ("$createdAt");
create index "doc_feedback_updated_at" on "doc_feedback" ("$updatedAt");

-- VideoPreview (collection VideoPreview in database lyra)
create table "doc_video_preview" (
  "$sequence" bigserial primary key,
  "$id" varchar(36) not null unique,
  "$createdAt" timestamptz(3) not null,
  "$updatedAt" timestamptz(3) not null,
  "$permissions" text[] not null default '{}',
  "song_id" varchar(64) not null,
  "aws_url" varchar(2048) not null,
  "audio_url" varchar(2048)
);
create index "doc_video_preview_permissions" on "doc_video_preview" using gin ("$permissions");
create index "doc_video_preview_created_at" on "doc_video_preview" ("$createdAt");
create index "doc_video_preview_updated_at" on "doc_video_preview" ("$updatedAt");
create unique index "doc_video_preview_song_id" on "doc_video_preview" ("song_id");

-- VideoRequest (collection VideoRequest in database lyra)
create table "doc_video_request" (
  "$sequence" bigserial primary key,
  "$id" varchar(36) not null unique,
  "$createdAt" timestamptz(3) not null,
  "$updatedAt" timestamptz(3) not null,
  "$permissions" text[] not null default '{}',
  "song_id" varchar(64) not null,
  "url" varchar(2048) not null,
  "userId" varchar(36),
  "status" varchar(16),
  "attempts" int8,
  "error" varchar(2048)
);
create index "doc_video_request_permissions" on "doc_video_request" using gin ("$permissions");
create index "doc_video_request_created_at" on "doc_video_request" ("$createdAt");
create index "doc_video_request_updated_at" on "doc_video_request" ("$updatedAt");
create unique index "doc_video_request_song_id" on "doc_video_request" ("song_id");
create index "doc_video_request_userid" on "doc_video_request" ("userId");
create index "doc_video_request_status" on "doc_video_request" ("status");
