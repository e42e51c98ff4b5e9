/**
 * Catalogue rows written straight into the tables, the way the scanner writes
 * them (norm_name = lower(unaccent(name)); search_text = lower(unaccent(title
 * + artist names + album)); search_tsv = to_tsvector('simple', search_text)),
 * so API tests do not depend on scanning audio files.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/db.js';

const hashId = (prefix: string, key: string, len = 10) =>
  prefix + createHash('sha1').update(key).digest('hex').slice(0, len);

export type CreditSpec = string | { name: string; role: 'primary' | 'featured' | 'composer' | string };

export interface AlbumSpec {
  id?: string;
  name: string;
  artist?: string | null;
  year?: number | null;
  language?: string;
  genre?: string | null;
  coverId?: string | null;
  label?: string | null;
}

export interface TrackSpec {
  id?: string;
  title: string;
  /** Plain names are primary credits, in order. */
  artists?: CreditSpec[];
  album?: string | AlbumSpec | null;
  trackNo?: number | null;
  discNo?: number | null;
  year?: number | null;
  releaseDate?: string | null;
  durationS?: number | null;
  genre?: string | null;
  language?: string;
  explicit?: boolean;
  playCount?: number;
  codec?: string | null;
  bitrateKbps?: number | null;
  coverId?: string | null;
  path?: string;
}

export async function makeCover(db: Queryable, id = hashId('cv', String(Math.random()))): Promise<string> {
  await db.query(`insert into covers (id, mime, width, height) values ($1, 'image/jpeg', 500, 500) on conflict do nothing`, [id]);
  return id;
}

/** Artists are keyed by name, as the scanner groups them. */
export async function makeArtist(db: Queryable, name: string, coverId: string | null = null): Promise<string> {
  const id = hashId('ar', name.toLowerCase());
  await db.query(
    `insert into artists (id, name, norm_name, cover_id) values ($1, $2, lower(unaccent($2)), $3)
     on conflict (id) do update set cover_id = coalesce(excluded.cover_id, artists.cover_id)`,
    [id, name, coverId],
  );
  return id;
}

export async function makeAlbum(db: Queryable, spec: AlbumSpec): Promise<string> {
  const id = spec.id ?? hashId('al', `${spec.name}\u0000${spec.artist ?? ''}`);
  const artistId = spec.artist ? await makeArtist(db, spec.artist) : null;
  await db.query(
    `insert into albums (id, name, norm_name, album_artist_id, year, language, genre, cover_id, label)
     values ($1, $2, lower(unaccent($2)), $3, $4, $5, $6, $7, $8) on conflict (id) do nothing`,
    [id, spec.name, artistId, spec.year ?? null, spec.language ?? '', spec.genre ?? null, spec.coverId ?? null, spec.label ?? null],
  );
  return id;
}

let seq = 0;

/** Inserts one track with its credits and album; returns its id. */
export async function makeTrack(db: Queryable, spec: TrackSpec): Promise<string> {
  const credits = (spec.artists ?? []).map((c) => (typeof c === 'string' ? { name: c, role: 'primary' } : c));
  const album = typeof spec.album === 'string' ? { name: spec.album, artist: credits[0]?.name ?? null } : spec.album;
  const albumId = album ? await makeAlbum(db, { year: spec.year ?? null, ...album }) : null;
  const n = ++seq;
  const id = spec.id ?? hashId('t', `${spec.title}\u0000${album?.name ?? ''}\u0000${n}`, 12);
  await db.query(
    `insert into tracks (id, path, size_bytes, mtime_ms, fingerprint, title, norm_title, album_id, track_no, disc_no,
                         year, release_date, duration_s, genre, language, explicit, codec, bitrate_kbps, cover_id, play_count)
     values ($1, $2, 1000, 0, $1, $3, lower(unaccent($3)), $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [
      id,
      spec.path ?? `factory/${id}.ogg`,
      spec.title,
      albumId,
      spec.trackNo ?? null,
      spec.discNo ?? null,
      spec.year ?? null,
      spec.releaseDate ?? null,
      spec.durationS ?? 180,
      spec.genre ?? null,
      spec.language ?? '',
      spec.explicit ?? false,
      spec.codec === undefined ? 'vorbis' : spec.codec,
      spec.bitrateKbps === undefined ? 128 : spec.bitrateKbps,
      spec.coverId ?? null,
      spec.playCount ?? 0,
    ],
  );
  for (const [position, c] of credits.entries()) {
    const artistId = await makeArtist(db, c.name);
    await db.query(
      `insert into track_artists (track_id, artist_id, role, position) values ($1, $2, $3, $4) on conflict do nothing`,
      [id, artistId, c.role, position],
    );
  }
  const names = credits.filter((c) => c.role === 'primary' || c.role === 'featured').map((c) => c.name);
  await db.query(
    `update tracks set search_text = s.t, search_tsv = to_tsvector('simple', s.t)
       from (select lower(unaccent($2 || ' ' || $3 || ' ' || $4)) as t) s where id = $1`,
    [id, spec.title, names.join(' '), album?.name ?? ''],
  );
  if (albumId) {
    await db.query(`update albums set song_count = (select count(*) from tracks where album_id = $1) where id = $1`, [albumId]);
  }
  return id;
}

export async function makePlaylist(
  db: Queryable,
  spec: { id?: string; name: string; trackIds: string[]; source?: 'm3u' | 'curated'; description?: string; language?: string },
): Promise<string> {
  const id = spec.id ?? hashId('pl', spec.name);
  const source = spec.source ?? 'm3u';
  await db.query(
    `insert into playlists (id, name, norm_name, description, source, path, language)
     values ($1, $2, lower(unaccent($2)), $3, $4, $5, $6)`,
    [id, spec.name, spec.description ?? null, source, source === 'm3u' ? `${id}.m3u` : null, spec.language ?? ''],
  );
  for (const [position, trackId] of spec.trackIds.entries()) {
    await db.query(`insert into playlist_tracks (playlist_id, position, track_id) values ($1, $2, $3)`, [id, position, trackId]);
  }
  return id;
}
