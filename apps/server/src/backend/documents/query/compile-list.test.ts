import { Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, ENGINES, type TestDb } from '../../../test/db.js';
import { collectionDdl } from '../../schema/ddl.js';
import { tableName } from '../../schema/sql-names.js';
import { testCollection } from '../test/test-collection.js';
import { compileCount, compileList, type ListPlan } from './compile-list.js';
import { parseListQueries } from './parse-queries.js';
import { decodeQueries } from './raw-query.js';

const collection = testCollection();
const table = tableName(collection.$id);

// Rows: id, title, n, x, flag, at, tags, note, permissions
const ROWS: [string, string, number | null, number, boolean, string | null, string[], string | null, string[]][] = [
  ['a', 'Love Song', 1, 0.5, true, '2026-01-01T00:00:00Z', ['rock', 'pop'], 'first note', ['read("user:u1")']],
  ['b', 'Battle Epic', 2, 1.5, false, '2026-01-02T00:00:00Z', ['epic'], null, ['read("user:u1")']],
  ['c', 'lovely day', null, 2.5, true, null, [], 'third', ['read("user:u2")']],
  ['d', "O'Brien; drop table x", 4, -1, false, '2026-01-04T00:00:00Z', ['pop'], "it's", ['read("any")']],
  ['e', 'Zebra', 2, 3.5, true, '2026-01-05T00:00:00Z', ['rock'], 'last note', ['read("user:u1")']],
];

describe.each(ENGINES)('queries compiled to SQL on %s', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
    await t.db.exec(collectionDdl(collection));
    let i = 0;
    for (const [id, title, n, x, flag, at, tags, note, perms] of ROWS) {
      await t.db.query(
        `insert into ${table} ("$id", "$createdAt", "$updatedAt", "$permissions", title, n, x, flag, at, tags, note)
         values ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [id, new Date(Date.UTC(2026, 0, 10, 0, 0, i++)).toISOString(), perms, title, n, x, flag, at, tags, note],
      );
    }
  });
  afterAll(async () => t?.drop());

  async function ids(queries: string[], opts: Partial<ListPlan> = {}) {
    const query = parseListQueries(decodeQueries(queries), collection);
    let cursorRow: ListPlan['cursorRow'] = null;
    if (query.cursor) {
      const [row] = await t.db.query(`select * from ${table} where "$id" = $1`, [query.cursor.documentId]);
      cursorRow = row ?? null;
    }
    const plan: ListPlan = { table, columns: '"$id"', query, readPermissions: null, cursorRow, windowTotal: false, ...opts };
    const { text, params } = compileList(plan);
    const rows = await t.db.query<{ $id: string }>(text, params);
    if (query.cursor?.direction === 'before') rows.reverse();
    return rows.map((r) => r.$id);
  }

  it('equal, notEqual and IN', async () => {
    expect(await ids([Query.equal('title', 'Zebra')])).toEqual(['e']);
    expect(await ids([Query.equal('n', [1, 4])])).toEqual(['a', 'd']);
    expect(await ids([Query.notEqual('n', 2)])).toEqual(['a', 'd']);
    expect(await ids([Query.equal('flag', false)])).toEqual(['b', 'd']);
    expect(await ids([Query.equal('$id', ['c', 'e'])])).toEqual(['c', 'e']);
  });

  it('comparisons and between on numbers, doubles and dates', async () => {
    expect(await ids([Query.lessThan('n', 2)])).toEqual(['a']);
    expect(await ids([Query.lessThanEqual('n', 2)])).toEqual(['a', 'b', 'e']);
    expect(await ids([Query.greaterThan('x', 1.5)])).toEqual(['c', 'e']);
    expect(await ids([Query.greaterThanEqual('x', 1.5)])).toEqual(['b', 'c', 'e']);
    expect(await ids([Query.between('n', 2, 4)])).toEqual(['b', 'd', 'e']);
    expect(await ids([Query.lessThan('at', '2026-01-03T00:00:00.000+00:00')])).toEqual(['a', 'b']);
    expect(await ids([Query.greaterThan('$sequence', '3')])).toEqual(['d', 'e']);
    expect(await ids([Query.createdAfter('2026-01-10T00:00:02.000+00:00')])).toEqual(['d', 'e']);
  });

  it('startsWith, endsWith, contains on strings and arrays', async () => {
    expect(await ids([Query.startsWith('title', 'Lov')])).toEqual(['a']);
    expect(await ids([Query.endsWith('title', 'day')])).toEqual(['c']);
    expect(await ids([Query.contains('note', 'note')])).toEqual(['a', 'e']);
    expect(await ids([Query.contains('tags', ['pop', 'epic'])])).toEqual(['a', 'b', 'd']);
    expect(await ids([JSON.stringify({ method: 'containsAll', attribute: 'tags', values: ['rock', 'pop'] })])).toEqual(['a']);
    expect(await ids([JSON.stringify({ method: 'notContains', attribute: 'tags', values: ['rock'] })])).toEqual(['b', 'c', 'd']);
    // SQL metacharacters in values are data, never syntax.
    expect(await ids([Query.startsWith('title', "O'Brien; drop")])).toEqual(['d']);
    expect(await ids([Query.contains('note', "'s")])).toEqual(['d']);
    expect(await ids([Query.startsWith('title', '%')])).toEqual([]);
  });

  it('search matches word prefixes, case-insensitively', async () => {
    expect(await ids([Query.search('title', 'lov')])).toEqual(['a', 'c']);
    expect(await ids([Query.search('title', 'love song')])).toEqual(['a']);
    expect(await ids([Query.search('title', 'EPIC')])).toEqual(['b']);
    expect(await ids([Query.search('title', "&|!:*'()")])).toEqual([]);
  });

  it('isNull, isNotNull, or and nested and', async () => {
    expect(await ids([Query.isNull('note')])).toEqual(['b']);
    expect(await ids([Query.isNotNull('n')])).toEqual(['a', 'b', 'd', 'e']);
    expect(await ids([Query.or([Query.equal('n', 1), Query.isNull('at')])])).toEqual(['a', 'c']);
    expect(
      await ids([Query.or([Query.equal('title', 'Zebra'), Query.and([Query.equal('flag', false), Query.greaterThan('n', 3)])])]),
    ).toEqual(['d', 'e']);
  });

  it('orders with NULLs lowest and $sequence as the tie-break', async () => {
    expect(await ids([Query.orderAsc('n')])).toEqual(['c', 'a', 'b', 'e', 'd']);
    expect(await ids([Query.orderDesc('n')])).toEqual(['d', 'b', 'e', 'a', 'c']);
    expect(await ids([Query.orderDesc('$createdAt')])).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect((await ids([Query.orderRandom()])).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('limit and offset', async () => {
    expect(await ids([Query.limit(2)])).toEqual(['a', 'b']);
    expect(await ids([Query.limit(2), Query.offset(2)])).toEqual(['c', 'd']);
    expect(await ids([Query.limit(0)])).toEqual([]);
  });

  it('walks every order forwards with cursorAfter and backwards with cursorBefore', async () => {
    for (const order of [[], [Query.orderAsc('n')], [Query.orderDesc('n')], [Query.orderDesc('at'), Query.orderAsc('flag')]]) {
      const all = await ids(order);
      for (let i = 0; i < all.length; i++) {
        expect(await ids([...order, Query.cursorAfter(all[i]!)])).toEqual(all.slice(i + 1));
        expect(await ids([...order, Query.cursorBefore(all[i]!), Query.limit(2)])).toEqual(all.slice(Math.max(0, i - 2), i));
      }
    }
  });

  it('filters by read permissions and counts only what is readable', async () => {
    const readable = ['read("any")', 'read("user:u1")'];
    expect(await ids([], { readPermissions: readable })).toEqual(['a', 'b', 'd', 'e']);
    const query = parseListQueries(decodeQueries([Query.equal('n', 2), Query.limit(1)]), collection);
    const plan: ListPlan = { table, columns: '"$id"', query, readPermissions: readable, cursorRow: null, windowTotal: true };
    const list = compileList(plan);
    expect(await t.db.query(list.text, list.params)).toEqual([{ $id: 'b', $total: 2 }]);
    const count = compileCount(plan);
    expect(await t.db.query(count.text, count.params)).toEqual([{ total: 2 }]);
  });

  it('never puts a value into the statement text', () => {
    const query = parseListQueries(decodeQueries([Query.equal('title', "x'; drop table y; --"), Query.search('title', 'abc')]), collection);
    const { text, params } = compileList({ table, columns: '*', query, readPermissions: ['read("any")'], cursorRow: null, windowTotal: false });
    expect(text).not.toContain('drop table');
    expect(text).not.toContain('abc');
    expect(params).toContain("x'; drop table y; --");
  });
});
