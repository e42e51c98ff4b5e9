-- The genres of each album, in lower case: every genre among its songs (the
-- album's own genre is the most common of them). Kept as tracks are written,
-- with the album's song count and length (0401-album-track-figures.sql), so
-- that the albums of a genre (getAlbumList2 byGenre, src/subsonic/README.md)
-- walk one index and stop after a page, instead of a pass over every song of
-- that genre. The album's norm_name is copied (albums are listed by name).
create table album_genres (
  genre     text not null,
  album_id  text not null references albums(id) on delete cascade,
  norm_name text not null,
  primary key (genre, album_id)
);
create index album_genres_by_name on album_genres (genre, norm_name, album_id);
create index album_genres_album on album_genres (album_id);

create or replace function catalogue_album_figures(album_ids text[]) returns void
  language sql
  as $$
    update albums al set song_count = s.n, duration_s = s.d
      from (select a.id, count(t.id)::int as n, coalesce(sum(t.duration_s), 0)::float8 as d
              from unnest(album_ids) as a(id) left join tracks t on t.album_id = a.id
             group by a.id) s
     where al.id = s.id and (al.song_count, al.duration_s) is distinct from (s.n, s.d);
    delete from album_genres where album_id = any(album_ids);
    insert into album_genres (genre, album_id, norm_name)
      select distinct lower(t.genre), t.album_id, al.norm_name from tracks t join albums al on al.id = t.album_id
       where t.album_id = any(album_ids) and coalesce(t.genre, '') <> '';
  $$;

-- The scanner never renames an album (a new name is a new album), but the copy follows if anything does.
create or replace function catalogue_album_genres_renamed() returns trigger
  language plpgsql
  as $$
  begin
    update album_genres set norm_name = new.norm_name where album_id = new.id;
    return null;
  end
  $$;

create trigger albums_genres_renamed after update of norm_name on albums
  for each row when (old.norm_name is distinct from new.norm_name) execute function catalogue_album_genres_renamed();

-- A song whose genre changed changes its album's genres too.
create or replace function catalogue_album_tracks_updated() returns trigger
  language plpgsql
  as $$
  begin
    perform catalogue_album_figures(array(
      select distinct a from old_rows o join new_rows n on n.id = o.id,
             unnest(array[o.album_id, n.album_id]) as a
       where a is not null
         and (o.album_id, o.duration_s, o.genre) is distinct from (n.album_id, n.duration_s, n.genre)));
    return null;
  end
  $$;

insert into album_genres (genre, album_id, norm_name)
  select distinct lower(t.genre), t.album_id, al.norm_name from tracks t join albums al on al.id = t.album_id
   where coalesce(t.genre, '') <> '';

analyze album_genres;
