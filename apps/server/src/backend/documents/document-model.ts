import type { Row } from '../../db/db.js';
import type { Collection } from '../schema/appwrite-schema.js';

/**
 * The Document model exactly as Appwrite sends it (backend-api.md §4):
 * `$` metadata first, `$sequence` as a string, timestamps as
 * `Y-m-d\TH:i:s.vP`, then the attributes (unset optional ones are null).
 */
export type DocumentModel = {
  $id: string;
  $sequence: string;
  $collectionId: string;
  $databaseId: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
} & Record<string, unknown>;

/** `2026-01-02T03:04:05.678+00:00` */
export const formatTimestamp = (d: Date | number): string =>
  new Date(d).toISOString().replace('Z', '+00:00');

function attributeValue(value: unknown): unknown {
  if (value instanceof Date) return formatTimestamp(value);
  if (Array.isArray(value)) return value.map(attributeValue);
  return value ?? null;
}

/** Builds the model from a table row; `select` keeps only those attributes (the `$` fields always stay). */
export function toDocumentModel(row: Row, collection: Collection, select: readonly string[] | null = null): DocumentModel {
  const model: DocumentModel = {
    $id: row.$id as string,
    $sequence: String(row.$sequence),
    $collectionId: collection.$id,
    $databaseId: collection.databaseId,
    $createdAt: formatTimestamp(row.$createdAt as Date),
    $updatedAt: formatTimestamp(row.$updatedAt as Date),
    $permissions: row.$permissions as string[],
  };
  for (const a of collection.attributes) {
    if (select && !select.includes(a.key)) continue;
    model[a.key] = attributeValue(row[a.key]);
  }
  return model;
}
