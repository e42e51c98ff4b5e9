-- A song's place among the files of its album after disc and track number:
-- its path in lower case with every run of digits widened to ten, so names
-- compare as a person reads them ("track2" before "track10", "CD2/..." before
-- "CD10/..."). Kept by the database on every write of the path, whoever writes it.
alter table tracks add column if not exists file_order text generated always as (
  regexp_replace(regexp_replace(lower(path), '([0-9]+)', '0000000000\1', 'g'), '0*([0-9]{10})', '\1', 'g')
) stored;
