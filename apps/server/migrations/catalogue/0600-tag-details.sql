-- Tags the Subsonic API answers with (src/subsonic/README.md, "Catalogue mapping"), as the
-- scanner reads them (src/catalogue/scanner/tag-mapping.ts): bit depth, BPM, comment,
-- MusicBrainz ids, ISRCs, moods, release types, the original release date and the advisory
-- ('explicit', 'clean' or '' when untagged).
alter table tracks add column bit_depth int;
alter table tracks add column bpm int;
alter table tracks add column comment text;
alter table tracks add column mbz_track_id text;
alter table tracks add column mbz_album_id text;
alter table tracks add column isrc text[];
alter table tracks add column moods text[];
alter table tracks add column release_types text[];
alter table tracks add column original_date text;
alter table tracks add column explicit_status text not null default '';
-- Which reading of the tags a row holds (TAGS_VERSION in src/catalogue/scanner/track-writer.ts):
-- a scan reads again a file whose row holds an older one, even when the file is unchanged, so the
-- songs scanned before this migration get the tags above on the next scan, once.
alter table tracks add column tags_version smallint not null default 0;
-- A quick rescan skips folders unchanged since the last scan without looking at their files:
-- forgetting them has the next one look at every file (and read those of an older version).
delete from scan_folders;

-- An album's facts from its songs' tags, kept as its tracks are written (as song_count is,
-- 0401-album-track-figures.sql), for album lists to read from the album row: a compilation
-- (the compilation flag, or a release type 'compilation'), its release types, MusicBrainz id
-- and original release date (the most common among its songs; the earliest date).
alter table albums add column compilation boolean not null default false;
alter table albums add column release_types text[];
alter table albums add column mbz_album_id text;
alter table albums add column original_date text;

create or replace function catalogue_album_tag_facts(album_ids text[]) returns void
  language sql
  as $$
    update albums al set compilation = s.compilation, release_types = s.release_types,
                         mbz_album_id = s.mbz_album_id, original_date = s.original_date
      from (select a.id,
                   coalesce(bool_or(t.compilation or 'compilation' = any(string_to_array(lower(array_to_string(t.release_types, chr(31))), chr(31)))), false) as compilation,
                   mode() within group (order by t.release_types) as release_types,
                   mode() within group (order by t.mbz_album_id) as mbz_album_id,
                   min(t.original_date) as original_date
              from unnest(album_ids) as a(id) left join tracks t on t.album_id = a.id
             group by a.id) s
     where al.id = s.id
       and (al.compilation, al.release_types, al.mbz_album_id, al.original_date)
           is distinct from (s.compilation, s.release_types, s.mbz_album_id, s.original_date)
  $$;

-- Transition tables are only visible inside the trigger function itself: one function per event.
create or replace function catalogue_album_tags_inserted() returns trigger
  language plpgsql
  as $$
  begin
    perform catalogue_album_tag_facts(array(select distinct album_id from new_rows where album_id is not null));
    return null;
  end
  $$;

create or replace function catalogue_album_tags_updated() returns trigger
  language plpgsql
  as $$
  begin
    perform catalogue_album_tag_facts(array(
      select distinct a from old_rows o join new_rows n on n.id = o.id,
             unnest(array[o.album_id, n.album_id]) as a
       where a is not null
         and (o.album_id, o.compilation, o.release_types, o.mbz_album_id, o.original_date)
             is distinct from (n.album_id, n.compilation, n.release_types, n.mbz_album_id, n.original_date)));
    return null;
  end
  $$;

create or replace function catalogue_album_tags_deleted() returns trigger
  language plpgsql
  as $$
  begin
    perform catalogue_album_tag_facts(array(select distinct album_id from old_rows where album_id is not null));
    return null;
  end
  $$;

create trigger tracks_album_tags_inserted after insert on tracks
  referencing new table as new_rows for each statement execute function catalogue_album_tags_inserted();
create trigger tracks_album_tags_updated after update on tracks
  referencing old table as old_rows new table as new_rows for each statement execute function catalogue_album_tags_updated();
create trigger tracks_album_tags_deleted after delete on tracks
  referencing old table as old_rows for each statement execute function catalogue_album_tags_deleted();

-- Albums scanned before: compilations are known already.
update albums al set compilation = true
 where exists (select 1 from tracks t where t.album_id = al.id and t.compilation);
