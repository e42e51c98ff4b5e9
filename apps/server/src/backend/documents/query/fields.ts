import type { Collection } from '../../schema/appwrite-schema.js';

/** What a query may name: the collection's attributes plus the system fields. */
export type ValueKind = 'string' | 'integer' | 'double' | 'boolean' | 'datetime' | 'sequence';

export interface Field {
  /** The name queries use (`userId`, `$createdAt`). */
  name: string;
  /** The SQL column (the same name; see schema/sql-names.ts). */
  column: string;
  kind: ValueKind;
  array: boolean;
  /** Has a fulltext index (required by `search`). */
  fulltext: boolean;
}

const SYSTEM: Field[] = [
  { name: '$id', column: '$id', kind: 'string', array: false, fulltext: false },
  { name: '$sequence', column: '$sequence', kind: 'sequence', array: false, fulltext: false },
  { name: '$createdAt', column: '$createdAt', kind: 'datetime', array: false, fulltext: false },
  { name: '$updatedAt', column: '$updatedAt', kind: 'datetime', array: false, fulltext: false },
];

const cache = new WeakMap<Collection, Map<string, Field>>();

/** Every queryable field of a collection by name. */
export function fieldsOf(collection: Collection): Map<string, Field> {
  let fields = cache.get(collection);
  if (fields) return fields;
  fields = new Map(SYSTEM.map((f) => [f.name, f]));
  const fulltext = new Set(collection.indexes.filter((i) => i.type === 'fulltext').flatMap((i) => i.attributes));
  for (const a of collection.attributes) {
    fields.set(a.key, { name: a.key, column: a.key, kind: a.type, array: a.array, fulltext: fulltext.has(a.key) });
  }
  cache.set(collection, fields);
  return fields;
}

/** The SQL cast for a bound value of this kind. */
export const castOf = (kind: ValueKind): string =>
  ({ string: 'text', integer: 'int8', double: 'float8', boolean: 'boolean', datetime: 'timestamptz', sequence: 'int8' })[
    kind
  ];
