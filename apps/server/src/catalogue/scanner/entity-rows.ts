import type { Queryable } from '../../db/db.js';
import { artistKey, idCandidates, numericId, trackId } from '../ids.js';

/**
 * Artist and album rows found or created by grouping key, with ids from
 * ids.ts. A key already in the table keeps its id whatever the hash says, so
 * ids never change once given; a new key whose id is held by another key gets
 * the next salted candidate.
 */
async function freeId(
  q: Queryable,
  table: 'artists' | 'albums' | 'tracks' | 'playlists',
  candidates: Generator<string>,
  alsoTaken: ReadonlySet<string> = new Set(),
) {
  for (const id of candidates) {
    if (alsoTaken.has(id)) continue;
    const taken = await q.query(`select 1 from ${table} where id = $1`, [id]);
    if (taken.length === 0) return id;
  }
  throw new Error('unreachable');
}

/** Artist ids by name, creating missing artists (first spelling seen is kept). */
export async function ensureArtists(q: Queryable, names: readonly string[]): Promise<Map<string, string>> {
  const byKey = new Map<string, string>();
  for (const n of names) if (n && !byKey.has(artistKey(n))) byKey.set(artistKey(n), n);
  const out = new Map<string, string>();
  if (byKey.size === 0) return out;
  const rows = await q.query<{ id: string; group_key: string }>(
    'select id, group_key from artists where group_key = any($1::text[])',
    [[...byKey.keys()]],
  );
  for (const r of rows) out.set(r.group_key, r.id);
  for (const [key, name] of byKey) {
    if (out.has(key)) continue;
    const id = await freeId(q, 'artists', idCandidates((k) => numericId('artist', k), key));
    await q.query(
      `insert into artists (id, name, norm_name, group_key) values ($1, $2::text, lower(unaccent($2::text)), $3)`,
      [id, name, key],
    );
    out.set(key, id);
  }
  return out;
}

export interface AlbumSpec {
  key: string;
  name: string;
  artistId: string | null;
}

/** Album ids by grouping key, creating missing albums (aggregates are filled by finalize). */
export async function ensureAlbums(q: Queryable, specs: readonly AlbumSpec[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (specs.length === 0) return out;
  const rows = await q.query<{ id: string; group_key: string }>(
    'select id, group_key from albums where group_key = any($1::text[])',
    [specs.map((s) => s.key)],
  );
  for (const r of rows) out.set(r.group_key, r.id);
  for (const s of specs) {
    if (out.has(s.key)) continue;
    const id = await freeId(q, 'albums', idCandidates((k) => numericId('album', k), s.key));
    await q.query(
      `insert into albums (id, name, norm_name, album_artist_id, group_key)
       values ($1, $2::text, lower(unaccent($2::text)), $3, $4)`,
      [id, s.name, s.artistId, s.key],
    );
    out.set(s.key, id);
  }
  return out;
}

/**
 * A new song's id: from its fingerprint, or salted with its path when a copy
 * already holds that. `alsoTaken`: ids given in the batch being written.
 */
export function newTrackId(q: Queryable, fingerprint: string, path: string, alsoTaken?: ReadonlySet<string>): Promise<string> {
  const first = trackId(fingerprint);
  const rest = idCandidates(trackId, fingerprint + '\0' + path);
  return freeId(
    q,
    'tracks',
    (function* () {
      yield first;
      yield* rest;
    })(),
    alsoTaken,
  );
}

/** A playlist file's id, from its path. */
export function newPlaylistId(q: Queryable, path: string): Promise<string> {
  return freeId(q, 'playlists', idCandidates((k) => numericId('playlist', k), path));
}
