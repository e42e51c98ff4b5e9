-- History: one document per counted play (a listener passed half the song or 4 minutes).
-- History (collection History in database lyra)
create table "doc_history" (
  "$sequence" bigserial primary key,
  "$id" varchar(36) not null unique,
  "$createdAt" timestamptz(3) not null,
  "$updatedAt" timestamptz(3) not null,
  "$permissions" text[] not null default '{}',
  "userId" varchar(36) not null,
  "songId" varchar(64) not null
);
create index "doc_history_permissions" on "doc_history" using gin ("$permissions");
create index "doc_history_created_at" on "doc_history" ("$createdAt");
create index "doc_history_updated_at" on "doc_history" ("$updatedAt");
create index "doc_history_userid" on "doc_history" ("userId");

