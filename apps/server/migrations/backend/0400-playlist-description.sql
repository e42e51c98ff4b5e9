-- A playlist's description (appwrite.json: Playlist.description, at most 300 characters, optional):
-- shown under its title in the web app, and Subsonic's playlist `comment`.
alter table "doc_playlist" add column if not exists "description" varchar(300);
