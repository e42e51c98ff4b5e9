import type { Attribute, Collection, Index, Schema } from './appwrite-schema.js';
import { ftsVector, quoteIdent, scalarSqlType, tableName } from './sql-names.js';

/**
 * DDL for the collections of appwrite.json: one table per collection with a
 * typed column per attribute, the Appwrite system fields, and the declared
 * indexes. `cli/print-migration.ts` writes it into a migration file; see
 * README.md beside this file.
 */
export function columnDefinition(attr: Attribute): string {
  // String arrays are text[] (sizes are checked per element on write): `&&` and
  // `@>` have no varchar[]/text[] operator, and query values bind as text[].
  const type = attr.array ? (attr.type === 'string' ? 'text' : scalarSqlType(attr)) + '[]' : scalarSqlType(attr);
  return `${quoteIdent(attr.key)} ${type}${attr.required ? ' not null' : ''}`;
}

export const indexName = (collection: Collection, index: Pick<Index, 'key'>): string =>
  `${tableName(collection.$id)}_${index.key.replace(/[^A-Za-z0-9]+/g, '_').toLowerCase()}`;

export function indexDefinition(collection: Collection, index: Index): string {
  const table = quoteIdent(tableName(collection.$id));
  const name = quoteIdent(indexName(collection, index));
  if (index.type === 'fulltext') return `create index ${name} on ${table} using gin (${ftsVector(index.attributes[0]!)});`;
  const columns = index.attributes
    .map((key, i) => `${quoteIdent(key)}${index.orders?.[i] === 'DESC' ? ' desc' : ''}`)
    .join(', ');
  return `create ${index.type === 'unique' ? 'unique ' : ''}index ${name} on ${table} (${columns});`;
}

export function collectionDdl(collection: Collection): string {
  const table = tableName(collection.$id);
  const t = quoteIdent(table);
  const columns = [
    `"$sequence" bigserial primary key`,
    `"$id" varchar(36) not null unique`,
    `"$createdAt" timestamptz(3) not null`,
    `"$updatedAt" timestamptz(3) not null`,
    `"$permissions" text[] not null default '{}'`,
    ...collection.attributes.map(columnDefinition),
  ];
  return [
    `-- ${collection.name} (collection ${collection.$id} in database ${collection.databaseId})`,
    `create table ${t} (\n  ${columns.join(',\n  ')}\n);`,
    // Permission filters are `"$permissions" && array[...]`: a GIN index serves them.
    `create index ${quoteIdent(`${table}_permissions`)} on ${t} using gin ("$permissions");`,
    `create index ${quoteIdent(`${table}_created_at`)} on ${t} ("$createdAt");`,
    `create index ${quoteIdent(`${table}_updated_at`)} on ${t} ("$updatedAt");`,
    ...collection.indexes.map((i) => indexDefinition(collection, i)),
  ].join('\n');
}

export function schemaDdl(schema: Schema): string {
  return [
    // The generator's path when 0100-collections.sql shipped (now cli/print-migration.ts), kept so its output is unchanged.
    '-- Generated from appwrite.json by apps/server/src/backend/schema/print-migration.ts; do not edit by hand.',
    '-- One table per collection; see apps/server/src/backend/schema/README.md.',
    '',
    ...schema.file.collections.map((c) => collectionDdl(c) + '\n'),
  ].join('\n');
}
