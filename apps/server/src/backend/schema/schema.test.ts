import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.js';
import { createTestDb, ENGINES, type TestDb } from '../../test/db.js';
import { loadSchema, parseSchema, SCHEMA_FILE, SchemaError } from './appwrite-schema.js';
import { indexName } from './ddl.js';
import { tableName } from './sql-names.js';

const schema = loadSchema();
const json = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'));

describe('appwrite.json', () => {
  it('declares one database and the six collections of SPEC#entities-backend-collections-database with their fields', () => {
    expect(schema.file.databases.map((d) => d.$id)).toEqual(['lyra']);
    const fields = Object.fromEntries(schema.file.collections.map((c) => [c.$id, c.attributes.map((a) => a.key)]));
    expect(fields).toMatchObject({
      Favorite: ['userId', 'songId'],
      PlaylistSong: ['playlistId', 'songId'],
      Feedback: ['userName', 'message'],
      VideoPreview: ['song_id', 'aws_url', 'audio_url'],
    });
    expect(fields.VideoRequest!.slice(0, 2)).toEqual(['song_id', 'url']);
    // SPEC's two fields, then Lyra's optional description.
    expect(fields.Playlist).toEqual(['userId', 'name', 'description']);
  });

  it('lets signed-in users create in user collections, with document security', () => {
    for (const id of ['Favorite', 'Playlist', 'PlaylistSong', 'Feedback', 'VideoRequest']) {
      const c = schema.collection('lyra', id)!;
      expect(c.$permissions).toEqual(['create("users")']);
      expect(c.documentSecurity).toBe(true);
    }
  });

  it('lets anyone read video previews and no client create them', () => {
    const c = schema.collection('lyra', 'VideoPreview')!;
    expect(c.$permissions).toEqual(['read("any")']);
    expect(c.documentSecurity).toBe(false);
  });
});

describe('schema validation', () => {
  const base = () => JSON.parse(JSON.stringify(json));
  it.each([
    ['an unknown database', (s: typeof json) => (s.collections[0].databaseId = 'nope'), 'unknown database nope'],
    ['an index on an unknown attribute', (s: typeof json) => s.collections[0].indexes.push({ key: 'k', type: 'key', attributes: ['zz'] }), 'names unknown attribute zz'],
    ['a string without size', (s: typeof json) => delete s.collections[0].attributes[0].size, 'needs a size'],
    ['a bad permission', (s: typeof json) => (s.collections[0].$permissions = ['create(users)']), 'is not valid'],
    ['a $ attribute', (s: typeof json) => (s.collections[0].attributes[0].key = '$id'), 'cannot start with "$"'],
    ['a duplicate attribute', (s: typeof json) => s.collections[0].attributes.push(s.collections[0].attributes[0]), 'declared twice'],
  ])('rejects %s', (_name, mutate, message) => {
    const s = base();
    mutate(s);
    expect(() => parseSchema(s)).toThrow(SchemaError);
    expect(() => parseSchema(s)).toThrow(message);
  });
});

/**
 * The migrations provision exactly what appwrite.json declares: this fails
 * when someone edits one without the other (see README.md).
 */
describe.each(ENGINES)('migrated tables match appwrite.json on %s', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
    await migrate(t.db, 'backend');
  });
  afterAll(async () => t?.drop());

  it.each(schema.file.collections.map((c) => [c.$id, c] as const))('%s', async (_id, collection) => {
    const table = tableName(collection.$id);
    const columns = await t.db.query<{ name: string; type: string; length: number | null; nullable: string }>(
      `select column_name as name, udt_name as type, character_maximum_length as length, is_nullable as nullable
       from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
      [table],
    );
    const udt = { string: 'varchar', integer: 'int8', double: 'float8', boolean: 'bool', datetime: 'timestamptz' } as const;
    const expected = [
      { name: '$sequence', type: 'int8', length: null, nullable: 'NO' },
      { name: '$id', type: 'varchar', length: 36, nullable: 'NO' },
      { name: '$createdAt', type: 'timestamptz', length: null, nullable: 'NO' },
      { name: '$updatedAt', type: 'timestamptz', length: null, nullable: 'NO' },
      { name: '$permissions', type: '_text', length: null, nullable: 'NO' },
      ...collection.attributes.map((a) => ({
        name: a.key,
        type: a.array ? (a.type === 'string' ? '_text' : `_${udt[a.type]}`) : udt[a.type],
        length: a.type === 'string' && !a.array ? a.size! : null,
        nullable: a.required ? 'NO' : 'YES',
      })),
    ];
    expect(columns).toEqual(expected);

    const indexes = await t.db.query<{ name: string; def: string }>(
      'select indexname as name, indexdef as def from pg_indexes where tablename = $1',
      [table],
    );
    for (const index of collection.indexes) {
      const found = indexes.find((i) => i.name === indexName(collection, index));
      expect(found, `index ${index.key}`).toBeDefined();
      expect(found!.def.startsWith('CREATE UNIQUE INDEX')).toBe(index.type === 'unique');
      if (index.type === 'fulltext') expect(found!.def).toContain('USING gin');
      // PostgreSQL quotes only identifiers that need it (mixed case).
      const columns = found!.def.replaceAll('"', '').replace(/^.*? USING \w+ /, '');
      for (const key of index.attributes) expect(columns).toMatch(new RegExp(`\\b${key}\\b`));
    }
  });
});
