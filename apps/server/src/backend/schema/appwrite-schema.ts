import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../../config.js';
import { parsePermission, PermissionSyntaxError } from '../permissions/permission.js';

/**
 * The backend schema: `appwrite.json` at the repository root, in the Appwrite
 * CLI's format (DESIGN.md §3). Migrations, attribute checks, query validation
 * and the web app's collection ids all come from this one file.
 */
export const SCHEMA_FILE = join(REPO_ROOT, 'appwrite.json');

const KEY = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,35}$/;
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

const attributeSchema = z
  .object({
    key: z.string().regex(KEY, 'attribute keys are 1-36 chars of [A-Za-z0-9_.-] and cannot start with "$"'),
    type: z.enum(['string', 'integer', 'double', 'boolean', 'datetime']),
    required: z.boolean().default(false),
    array: z.boolean().default(false),
    size: z.number().int().positive().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    format: z.enum(['email', 'enum', 'url', 'ip', '']).optional(),
    elements: z.array(z.string()).optional(),
    default: z.unknown().optional(),
  })
  .loose();

const indexSchema = z
  .object({
    key: z.string().regex(KEY),
    type: z.enum(['key', 'unique', 'fulltext']),
    attributes: z.array(z.string()).min(1),
    orders: z.array(z.enum(['ASC', 'DESC']).nullable()).optional(),
  })
  .loose();

const collectionSchema = z
  .object({
    $id: z.string().regex(ID),
    $permissions: z.array(z.string()).default([]),
    databaseId: z.string().regex(ID),
    name: z.string(),
    enabled: z.boolean().default(true),
    documentSecurity: z.boolean().default(false),
    attributes: z.array(attributeSchema),
    indexes: z.array(indexSchema).default([]),
  })
  .loose();

const fileSchema = z
  .object({
    projectId: z.string(),
    databases: z.array(z.object({ $id: z.string().regex(ID), name: z.string(), enabled: z.boolean().default(true) }).loose()),
    collections: z.array(collectionSchema),
  })
  .loose();

export type Attribute = z.infer<typeof attributeSchema>;
export type Index = z.infer<typeof indexSchema>;
export type Collection = z.infer<typeof collectionSchema>;
export type SchemaFile = z.infer<typeof fileSchema>;

export interface Schema {
  file: SchemaFile;
  database(id: string): SchemaFile['databases'][number] | undefined;
  collection(databaseId: string, collectionId: string): Collection | undefined;
}

export class SchemaError extends Error {}

/** Parses and cross-checks a schema file's contents; throws SchemaError naming the problem. */
export function parseSchema(json: unknown): Schema {
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SchemaError(`appwrite.json: ${issue.path.join('.')}: ${issue.message}`);
  }
  const file = parsed.data;
  const seen = new Set<string>();
  for (const c of file.collections) {
    const where = `appwrite.json: collection ${c.$id}`;
    if (!file.databases.some((d) => d.$id === c.databaseId)) throw new SchemaError(`${where}: unknown database ${c.databaseId}`);
    if (seen.has(c.$id)) throw new SchemaError(`${where}: declared twice`);
    seen.add(c.$id);
    checkCollection(c, where);
  }
  return {
    file,
    database: (id) => file.databases.find((d) => d.$id === id),
    collection: (databaseId, collectionId) =>
      file.collections.find((c) => c.databaseId === databaseId && c.$id === collectionId),
  };
}

function checkCollection(c: Collection, where: string) {
  const keys = new Set<string>();
  for (const a of c.attributes) {
    if (keys.has(a.key)) throw new SchemaError(`${where}: attribute ${a.key} declared twice`);
    keys.add(a.key);
    if (a.type === 'string' && !a.size) throw new SchemaError(`${where}: string attribute ${a.key} needs a size`);
    if (a.format === 'enum' && !a.elements?.length) throw new SchemaError(`${where}: enum attribute ${a.key} needs elements`);
    if (a.required && a.default !== undefined && a.default !== null) {
      throw new SchemaError(`${where}: required attribute ${a.key} cannot have a default`);
    }
  }
  for (const i of c.indexes) {
    for (const key of i.attributes) {
      if (!keys.has(key)) throw new SchemaError(`${where}: index ${i.key} names unknown attribute ${key}`);
    }
    const first = c.attributes.find((a) => a.key === i.attributes[0]);
    if (i.type === 'fulltext' && (i.attributes.length !== 1 || first?.type !== 'string' || first.array)) {
      throw new SchemaError(`${where}: fulltext index ${i.key} must cover exactly one string attribute`);
    }
  }
  for (const p of c.$permissions) {
    try {
      parsePermission(p);
    } catch (e) {
      if (e instanceof PermissionSyntaxError) throw new SchemaError(`${where}: ${e.message}`);
      throw e;
    }
  }
}

let cached: Schema | undefined;

/** Reads appwrite.json (once per process for the default file). */
export function loadSchema(file = SCHEMA_FILE): Schema {
  if (file === SCHEMA_FILE && cached) return cached;
  const schema = parseSchema(JSON.parse(readFileSync(file, 'utf8')));
  if (file === SCHEMA_FILE) cached = schema;
  return schema;
}
