import { AppwriteError } from '../http/errors.js';
import type { Collection } from '../schema/appwrite-schema.js';
import { indexName } from '../schema/ddl.js';
import { tableName } from '../schema/sql-names.js';
import type { CollectionRules } from './rules/collection-rules.js';

/**
 * Translates a unique violation (SQLSTATE 23505) into Appwrite's 409: a taken
 * `$id` gets Appwrite's document_already_exists message, a unique index the
 * collection rule's message (or a generic one naming the index). Anything
 * else passes through unchanged.
 */
function violatedConstraint(e: unknown): string | null {
  if (typeof e !== 'object' || e === null) return null;
  const err = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
  if (err.code !== '23505') return null;
  const name = err.constraint ?? err.constraint_name;
  return typeof name === 'string' ? name : '';
}

export function asDuplicateError(e: unknown, collection: Collection, rules: CollectionRules, id: string): unknown {
  const constraint = violatedConstraint(e);
  if (constraint === null) return e;
  const index = collection.indexes.find((i) => indexName(collection, i) === constraint);
  if (index) {
    return (
      rules.duplicate?.[index.key]?.() ??
      new AppwriteError(409, 'document_already_exists', `A document with the same values of index "${index.key}" already exists.`)
    );
  }
  if (constraint === '' || constraint === `${tableName(collection.$id)}_$id_key`) {
    return new AppwriteError(
      409,
      'document_already_exists',
      `Document with the requested ID '${id}' already exists. Try again with a different ID or use ID.unique() to generate a unique ID.`,
    );
  }
  return e;
}
