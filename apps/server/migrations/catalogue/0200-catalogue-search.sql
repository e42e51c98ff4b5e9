-- Search and listing support for the catalogue API (catalogue-api.md, DESIGN §4).
-- The same SQL runs on PGlite and PostgreSQL.

-- Normalised text, as the scanner stores norm_name / norm_title / search_text.
create or replace function catalogue_norm(q text) returns text
  language sql stable parallel safe
  as $$ select lower(unaccent(q)) $$;

-- Every distinct word of every track's search_tsv. Typo tolerance happens here,
-- on a small table: each query word is widened to the words that look like it
-- (pg_trgm similarity), and the widened query runs on the tracks' tsvector
-- index. word_similarity() over the long search_text of thousands of matching
-- rows is far too slow at 100,000 tracks.
create table catalogue_words (word text primary key);
create index catalogue_words_trgm on catalogue_words using gin (word gin_trgm_ops);

create or replace function catalogue_collect_words() returns trigger
  language plpgsql
  as $$
  begin
    insert into catalogue_words (word)
    select distinct w from new_rows, unnest(tsvector_to_array(new_rows.search_tsv)) as w
    on conflict do nothing;
    return null;
  end
  $$;
create trigger tracks_collect_words_insert after insert on tracks
  referencing new table as new_rows for each statement execute function catalogue_collect_words();
create trigger tracks_collect_words_update after update on tracks
  referencing new table as new_rows for each statement execute function catalogue_collect_words();

insert into catalogue_words (word)
select distinct w from tracks, unnest(tsvector_to_array(search_tsv)) as w
on conflict do nothing;

-- "Most played", per-language and per-genre lists, with a deterministic tie-break.
create index tracks_popular on tracks (play_count desc, id);
create index tracks_language_popular on tracks (language, play_count desc, id);
create index tracks_genre_popular on tracks (genre, play_count desc, id);
create index track_artists_track on track_artists (track_id, position);
create index playlist_tracks_track on playlist_tracks (track_id);
create index playlists_source on playlists (source, name);
