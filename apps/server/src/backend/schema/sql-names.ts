import type { Attribute } from './appwrite-schema.js';

/**
 * How collections map onto SQL, shared by the DDL generator and the query
 * compiler so both always agree. Attribute columns keep their appwrite.json
 * key; system columns keep their `$` names, which no attribute can take.
 */
export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** `PlaylistSong` -> `doc_playlist_song` (a prefix keeps collections apart from other tables). */
export const tableName = (collectionId: string): string =>
  'doc_' +
  collectionId
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();

/** SQL type of one element of an attribute (arrays add `[]`). */
export function scalarSqlType(attr: Pick<Attribute, 'type' | 'size'>): string {
  switch (attr.type) {
    case 'string':
      return `varchar(${attr.size})`;
    case 'integer':
      return 'int8';
    case 'double':
      return 'float8';
    case 'boolean':
      return 'boolean';
    case 'datetime':
      return 'timestamptz(3)';
  }
}

/** Cast for a bound parameter compared with the attribute (text, not varchar(n), so long values do not error). */
export function paramCast(attr: Pick<Attribute, 'type'>): string {
  return attr.type === 'string' ? 'text' : scalarSqlType({ type: attr.type });
}

/**
 * The tsvector a fulltext index covers and `search` queries match; the
 * 'simple' configuration keeps words as written (no language stemming), which
 * suits song and playlist names in any language.
 */
export const ftsVector = (column: string): string => `to_tsvector('simple', coalesce(${quoteIdent(column)}, ''))`;
