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

/**
 * A free id for each of several new rows, in one query for the usual case: each
 * row's first candidate, unless the table or an earlier row of the batch holds it
 * (then that row's next candidates, one query each).
 */
async function freeIds(q: Queryable, table: 'artists' | 'albums', candidates: Generator<string>[]): Promise<string[]> {
  if (candidates.length === 0) return [];
  const first = candidates.map((c) => c.next().value as string);
  const held = new Set(
    (await q.query<{ id: string }>(`select id from ${table} where id = any($1::text[])`, [first])).map((r) => r.id),
  );
  const given = new Set<string>();
  const out: string[] = [];
  for (const [i, id] of first.entries()) {
    const free = !held.has(id) && !given.has(id) ? id : await freeId(q, table, candidates[i]!, given);
    given.add(free);
    out.push(free);
  }
  return out;
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
  const missing = [...byKey].filter(([key]) => !out.has(key));
  const ids = await freeIds(q, 'artists', missing.map(([key]) => idCandidates((k) => numericId('artist', k), key)));
  if (missing.length > 0) {
    await q.query(
      `insert into artists (id, name, norm_name, group_key)
       select id, name, lower(unaccent(name)), key from unnest($1::text[], $2::text[], $3::text[]) as x(id, name, key)`,
      [ids, missing.map(([, name]) => name), missing.map(([key]) => key)],
    );
  }
  missing.forEach(([key], i) => out.set(key, ids[i]!));
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
  const missing = [...new Map(specs.filter((sp) => !out.has(sp.key)).map((sp) => [sp.key, sp])).values()];
  const ids = await freeIds(q, 'albums', missing.map((sp) => idCandidates((k) => numericId('album', k), sp.key)));
  if (missing.length > 0) {
    await q.query(
      `insert into albums (id, name, norm_name, album_artist_id, group_key)
       select id, name, lower(unaccent(name)), artist, key
         from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as x(id, name, artist, key)`,
      [ids, missing.map((sp) => sp.name), missing.map((sp) => sp.artistId), missing.map((sp) => sp.key)],
    );
  }
  missing.forEach((sp, i) => out.set(sp.key, ids[i]!));
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
