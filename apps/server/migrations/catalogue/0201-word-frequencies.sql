-- How many tracks hold each catalogue word. Search uses it to know, before
-- touching any track row, whether a query matches a handful of tracks (rank
-- them all) or thousands (walk the most played ones first): a bound on the
-- cost of common words such as "love" at 100,000 tracks.
alter table catalogue_words add column tracks int not null default 0;
create index catalogue_words_prefix on catalogue_words (word text_pattern_ops);

drop trigger tracks_collect_words_insert on tracks;
drop trigger tracks_collect_words_update on tracks;
drop function catalogue_collect_words();

-- Transition tables are only visible inside the trigger function itself,
-- hence the repeated statements. Tracks hold each word once (tsvector_to_array
-- lists distinct lexemes), so a count of rows is a count of tracks.
create or replace function catalogue_words_inserted() returns trigger
  language plpgsql
  as $$
  begin
    insert into catalogue_words (word, tracks)
    select w, count(*) from new_rows, unnest(tsvector_to_array(new_rows.search_tsv)) as w group by w
    on conflict (word) do update set tracks = catalogue_words.tracks + excluded.tracks;
    return null;
  end
  $$;

create or replace function catalogue_words_updated() returns trigger
  language plpgsql
  as $$
  begin
    insert into catalogue_words (word, tracks)
    select w, sum(d) from (
      select w, 1 as d from new_rows, unnest(tsvector_to_array(new_rows.search_tsv)) as w
      union all
      select w, -1 from old_rows, unnest(tsvector_to_array(old_rows.search_tsv)) as w) changes
    group by w having sum(d) <> 0
    on conflict (word) do update set tracks = catalogue_words.tracks + excluded.tracks;
    delete from catalogue_words
     where tracks <= 0 and word in (select unnest(tsvector_to_array(old_rows.search_tsv)) from old_rows);
    return null;
  end
  $$;

create or replace function catalogue_words_deleted() returns trigger
  language plpgsql
  as $$
  begin
    update catalogue_words c set tracks = c.tracks - gone.n
      from (select w, count(*) as n from old_rows, unnest(tsvector_to_array(old_rows.search_tsv)) as w group by w) gone
     where c.word = gone.w;
    delete from catalogue_words
     where tracks <= 0 and word in (select unnest(tsvector_to_array(old_rows.search_tsv)) from old_rows);
    return null;
  end
  $$;

create trigger tracks_words_inserted after insert on tracks
  referencing new table as new_rows for each statement execute function catalogue_words_inserted();
create trigger tracks_words_updated after update on tracks
  referencing old table as old_rows new table as new_rows for each statement execute function catalogue_words_updated();
create trigger tracks_words_deleted after delete on tracks
  referencing old table as old_rows for each statement execute function catalogue_words_deleted();

truncate catalogue_words;
insert into catalogue_words (word, tracks)
select w, count(*) from tracks, unnest(tsvector_to_array(search_tsv)) as w group by w;
