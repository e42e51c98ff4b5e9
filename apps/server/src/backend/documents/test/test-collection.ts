import { parseSchema, type Collection } from '../../schema/appwrite-schema.js';

/** A collection with one attribute of every kind, for query tests. */
export function testCollection(): Collection {
  const schema = parseSchema({
    projectId: 'p',
    databases: [{ $id: 'db', name: 'db' }],
    collections: [
      {
        $id: 'Things',
        databaseId: 'db',
        name: 'Things',
        $permissions: ['create("users")'],
        documentSecurity: true,
        attributes: [
          { key: 'title', type: 'string', size: 100, required: true },
          { key: 'n', type: 'integer' },
          { key: 'x', type: 'double' },
          { key: 'flag', type: 'boolean' },
          { key: 'at', type: 'datetime' },
          { key: 'tags', type: 'string', size: 20, array: true },
          { key: 'note', type: 'string', size: 100 },
        ],
        indexes: [{ key: 'title_fts', type: 'fulltext', attributes: ['title'] }],
      },
    ],
  });
  return schema.file.collections[0]!;
}
