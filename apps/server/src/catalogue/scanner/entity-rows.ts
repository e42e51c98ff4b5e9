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

/** The rows of one table a first scan holds in memory: every grouping key and every id in the table. */
export interface KeyedIds {
  byKey: Map<string, string>;
  ids: Set<string>;
}

/**
 * The artists and albums of the catalogue, kept in memory by a first scan (first-scan.ts): read
 * once as it begins, then added to as it creates rows, so its batches find and create them without
 * lookups. Only while the scan holds the lease and nothing else writes these tables.
 */
export interface EntityCache {
  artists: KeyedIds;
  albums: KeyedIds;
}

export async function loadEntityCache(q: Queryable): Promise<EntityCache> {
  const load = async (table: 'artists' | 'albums'): Promise<KeyedIds> => {
    const rows = await q.query<{ id: string; group_key: string }>(`select id, group_key from ${table}`);
    return { byKey: new Map(rows.map((r) => [r.group_key, r.id])), ids: new Set(rows.map((r) => r.id)) };
  };
  return { artists: await load('artists'), albums: await load('albums') };
}

/** As freeIds, against the ids a first scan holds in memory. */
function freeIdsKnown(known: KeyedIds, candidates: Generator<string>[]): string[] {
  const given = new Set<string>();
  return candidates.map((c) => {
    for (const id of c) {
      if (known.ids.has(id) || given.has(id)) continue;
      given.add(id);
      return id;
    }
    throw new Error('unreachable');
  });
}

/** The rows of `keys` the table holds: from memory when a first scan keeps them, else one lookup. */
async function idsByKey(q: Queryable, table: 'artists' | 'albums', keys: string[], known: KeyedIds | undefined) {
  const out = new Map<string, string>();
  if (known) {
    for (const key of keys) {
      const id = known.byKey.get(key);
      if (id !== undefined) out.set(key, id);
    }
    return out;
  }
  const rows = await q.query<{ id: string; group_key: string }>(`select id, group_key from ${table} where group_key = any($1::text[])`, [keys]);
  for (const r of rows) out.set(r.group_key, r.id);
  return out;
}

function remember(known: KeyedIds | undefined, keys: readonly string[], ids: readonly string[]) {
  if (!known) return;
  keys.forEach((key, i) => {
    known.byKey.set(key, ids[i]!);
    known.ids.add(ids[i]!);
  });
}

/** Artist ids by name, creating missing artists (first spelling seen is kept). */
export async function ensureArtists(q: Queryable, names: readonly string[], cache?: EntityCache): Promise<Map<string, string>> {
  const byKey = new Map<string, string>();
  for (const n of names) if (n && !byKey.has(artistKey(n))) byKey.set(artistKey(n), n);
  if (byKey.size === 0) return new Map<string, string>();
  const out = await idsByKey(q, 'artists', [...byKey.keys()], cache?.artists);
  const missing = [...byKey].filter(([key]) => !out.has(key));
  const candidates = missing.map(([key]) => idCandidates((k) => numericId('artist', k), key));
  const ids = cache ? freeIdsKnown(cache.artists, candidates) : await freeIds(q, 'artists', candidates);
  if (missing.length > 0) {
    await q.query(
      `insert into artists (id, name, norm_name, group_key)
       select id, name, lower(unaccent(name)), key from unnest($1::text[], $2::text[], $3::text[]) as x(id, name, key)`,
      [ids, missing.map(([, name]) => name), missing.map(([key]) => key)],
    );
  }
  remember(cache?.artists, missing.map(([key]) => key), ids);
  missing.forEach(([key], i) => out.set(key, ids[i]!));
  return out;
}

export interface AlbumSpec {
  key: string;
  name: string;
  artistId: string | null;
}

/** Album ids by grouping key, creating missing albums (aggregates are filled by finalize). */
export async function ensureAlbums(q: Queryable, specs: readonly AlbumSpec[], cache?: EntityCache): Promise<Map<string, string>> {
  if (specs.length === 0) return new Map<string, string>();
  const out = await idsByKey(q, 'albums', specs.map((s) => s.key), cache?.albums);
  const missing = [...new Map(specs.filter((sp) => !out.has(sp.key)).map((sp) => [sp.key, sp])).values()];
  const candidates = missing.map((sp) => idCandidates((k) => numericId('album', k), sp.key));
  const ids = cache ? freeIdsKnown(cache.albums, candidates) : await freeIds(q, 'albums', candidates);
  if (missing.length > 0) {
    await q.query(
      `insert into albums (id, name, norm_name, album_artist_id, group_key)
       select id, name, lower(unaccent(name)), artist, key
         from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as x(id, name, artist, key)`,
      [ids, missing.map((sp) => sp.name), missing.map((sp) => sp.artistId), missing.map((sp) => sp.key)],
    );
  }
  remember(cache?.albums, missing.map((sp) => sp.key), ids);
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
