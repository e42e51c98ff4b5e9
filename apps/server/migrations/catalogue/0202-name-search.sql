-- Albums and artists are searched like tracks: the query's words (as prefixes
-- or look-alikes from catalogue_words) against a 'simple' tsvector of the
-- name. Trigram similarity over thousands of names is too slow on PGlite.
create index albums_name_tsv on albums using gin (to_tsvector('simple', norm_name));
create index artists_name_tsv on artists using gin (to_tsvector('simple', norm_name));
