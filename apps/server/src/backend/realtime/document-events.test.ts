import { describe, expect, it } from 'vitest';
import { documentChannels, documentEventNames } from './document-events.js';

describe('document event names (backend-api.md §7)', () => {
  const names = documentEventNames('db1', 'col1', 'd1', 'create');

  it("lists Appwrite's 42 names, concrete first, each followed by its tables/rows twin", () => {
    expect(names).toHaveLength(42);
    expect(new Set(names).size).toBe(42);
    expect(names.slice(0, 16)).toEqual([
      'databases.db1.collections.col1.documents.d1.create',
      'databases.db1.tables.col1.rows.d1.create',
      'databases.*.collections.*.documents.*.create',
      'databases.*.tables.*.rows.*.create',
      'databases.db1.collections.*.documents.d1.create',
      'databases.db1.tables.*.rows.d1.create',
      'databases.*.collections.*.documents.d1.create',
      'databases.*.tables.*.rows.d1.create',
      'databases.*.collections.col1.documents.d1.create',
      'databases.*.tables.col1.rows.d1.create',
      'databases.db1.collections.col1.documents.*.create',
      'databases.db1.tables.col1.rows.*.create',
      'databases.*.collections.col1.documents.*.create',
      'databases.*.tables.col1.rows.*.create',
      'databases.db1.collections.*.documents.*.create',
      'databases.db1.tables.*.rows.*.create',
    ]);
    expect(names[16]).toBe('databases.db1.collections.col1.documents.d1');
    expect(names.slice(32)).toEqual([
      'databases.db1.collections.col1',
      'databases.db1.tables.col1',
      'databases.*.collections.*',
      'databases.*.tables.*',
      'databases.db1.collections.*',
      'databases.db1.tables.*',
      'databases.*.collections.col1',
      'databases.*.tables.col1',
      'databases.db1',
      'databases.*',
    ]);
  });

  it('names the action of deletes and upserts', () => {
    expect(documentEventNames('db1', 'col1', 'd1', 'delete')[0]).toBe('databases.db1.collections.col1.documents.d1.delete');
    expect(documentEventNames('db1', 'col1', 'd1', 'upsert')).toContain('databases.*.collections.*.documents.*.upsert');
  });

  it('publishes on the eight channels of a document, plain and with the action', () => {
    const base = [
      'documents',
      'databases.db1.collections.col1.documents',
      'databases.db1.collections.col1.documents.d1',
      'rows',
      'databases.db1.tables.col1.rows',
      'databases.db1.tables.col1.rows.d1',
      'tablesdb.db1.tables.col1.rows',
      'tablesdb.db1.tables.col1.rows.d1',
    ];
    expect(documentChannels('db1', 'col1', 'd1', 'create')).toEqual([...base, ...base.map((c) => `${c}.create`)]);
  });
});
