import type { Field } from './fields.js';

/** A validated query, ready to compile to SQL (or evaluate on a payload). */
export type Scalar = string | number | boolean;

export type Filter =
  | { op: 'equal' | 'notEqual'; field: Field; values: Scalar[] }
  | { op: 'lessThan' | 'lessThanEqual' | 'greaterThan' | 'greaterThanEqual'; field: Field; value: Scalar }
  | { op: 'between' | 'notBetween'; field: Field; low: Scalar; high: Scalar }
  | { op: 'startsWith' | 'endsWith' | 'notStartsWith' | 'notEndsWith'; field: Field; value: string }
  | { op: 'search' | 'notSearch'; field: Field; value: string }
  | { op: 'contains' | 'notContains' | 'containsAll'; field: Field; values: Scalar[] }
  | { op: 'isNull' | 'isNotNull'; field: Field }
  | { op: 'and' | 'or'; filters: Filter[] };

export interface Order {
  field: Field;
  direction: 'asc' | 'desc';
}

export interface Cursor {
  direction: 'after' | 'before';
  documentId: string;
}

export interface ListQuery {
  filters: Filter[];
  orders: Order[];
  random: boolean;
  limit: number;
  offset: number;
  cursor: Cursor | null;
  /** Attribute names to keep in the response; null = all. */
  select: string[] | null;
}

/** Appwrite's default page size and our caps on page size and offset. */
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 5000;
export const MAX_OFFSET = 100_000;
