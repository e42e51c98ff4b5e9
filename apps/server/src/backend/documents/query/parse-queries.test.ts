import { Query } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { AppwriteError } from '../../http/errors.js';
import { testCollection } from '../test/test-collection.js';
import { parseGetQueries, parseListQueries } from './parse-queries.js';
import { decodeQueries } from './raw-query.js';

const collection = testCollection();
const parse = (...queries: string[]) => parseListQueries(decodeQueries(queries), collection);

/** The error a parse throws, as the client would see it. */
function failure(fn: () => unknown): { code: number; type: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppwriteError) return { code: e.code, type: e.type, message: e.message };
    throw e;
  }
  throw new Error('expected a failure');
}
const parseFailure = (...queries: string[]) => failure(() => parse(...queries));

describe('list queries as the appwrite SDK writes them', () => {
  it('defaults to 25 documents from offset 0 in $sequence order', () => {
    expect(parse()).toEqual({ filters: [], orders: [], random: false, limit: 25, offset: 0, cursor: null, select: null });
  });

  it('parses equal with one value and with several (IN semantics)', () => {
    const [one, many] = parse(Query.equal('title', 'a'), Query.equal('title', ['a', 'b'])).filters;
    expect(one).toMatchObject({ op: 'equal', field: { name: 'title' }, values: ['a'] });
    expect(many).toMatchObject({ op: 'equal', values: ['a', 'b'] });
  });

  it('parses every comparison operator', () => {
    const f = parse(
      Query.notEqual('n', 5),
      Query.lessThan('n', 10),
      Query.lessThanEqual('x', 1.5),
      Query.greaterThan('n', 1),
      Query.greaterThanEqual('at', '2026-01-02T03:04:05.678+00:00'),
      Query.between('n', 1, 10),
    ).filters;
    expect(f.map((q) => q.op)).toEqual(['notEqual', 'lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual', 'between']);
    expect(f[4]).toMatchObject({ value: '2026-01-02T03:04:05.678Z' });
    expect(f[5]).toMatchObject({ low: 1, high: 10 });
  });

  it('parses string, search, contains and null operators', () => {
    const f = parse(
      Query.startsWith('title', 'ab'),
      Query.endsWith('title', 'yz'),
      Query.search('title', 'foo bar'),
      Query.contains('tags', 'x'),
      Query.contains('note', ['sub', 'other']),
      Query.isNull('note'),
      Query.isNotNull('n'),
    ).filters;
    expect(f.map((q) => q.op)).toEqual(['startsWith', 'endsWith', 'search', 'contains', 'contains', 'isNull', 'isNotNull']);
    expect(f[4]).toMatchObject({ values: ['sub', 'other'] });
  });

  it('parses nested or/and with objects inside values', () => {
    const [f] = parse(Query.or([Query.equal('title', 'a'), Query.and([Query.lessThan('n', 2), Query.isNull('note')])])).filters;
    expect(f).toMatchObject({
      op: 'or',
      filters: [{ op: 'equal', values: ['a'] }, { op: 'and', filters: [{ op: 'lessThan', value: 2 }, { op: 'isNull' }] }],
    });
  });

  it('parses orders, cursor, limit, offset and select', () => {
    const q = parse(
      Query.orderDesc('$createdAt'),
      Query.orderAsc('title'),
      Query.cursorAfter('abc'),
      Query.limit(150),
      Query.offset(10),
      Query.select(['title', '$id']),
    );
    expect(q.orders.map((o) => [o.field.name, o.direction])).toEqual([
      ['$createdAt', 'desc'],
      ['title', 'asc'],
    ]);
    expect(q).toMatchObject({ cursor: { direction: 'after', documentId: 'abc' }, limit: 150, offset: 10, select: ['title', '$id'] });
    expect(parse(Query.orderRandom(), Query.limit(3))).toMatchObject({
      random: true,
      limit: 3,
    });
    expect(parse(Query.cursorBefore('d1')).cursor).toEqual({ direction: 'before', documentId: 'd1' });
  });

  it('orders by $sequence when orderAsc/orderDesc name no attribute', () => {
    expect(parse('{"method":"orderDesc"}').orders.map((o) => [o.field.name, o.direction])).toEqual([['$sequence', 'desc']]);
  });

  it('takes the first limit, offset and cursor when several are given', () => {
    expect(parse(Query.limit(5), Query.limit(9), Query.offset(1), Query.offset(2))).toMatchObject({ limit: 5, offset: 1 });
  });

  it('accepts system fields and $sequence as number or string', () => {
    const f = parse(Query.equal('$id', 'd1'), Query.greaterThan('$sequence', '17'), Query.lessThan('$sequence', 20)).filters;
    expect(f[1]).toMatchObject({ value: 17 });
    expect(f[2]).toMatchObject({ value: 20 });
  });

  it('expands created/updated sugar and exists', () => {
    const f = parse(
      Query.createdBefore('2026-01-01T00:00:00.000+00:00'),
      Query.updatedBetween('2026-01-01T00:00:00.000+00:00', '2026-02-01T00:00:00.000+00:00'),
      JSON.stringify({ method: 'exists', values: ['note', 'n'] }),
    ).filters;
    expect(f[0]).toMatchObject({ op: 'lessThan', field: { name: '$createdAt' }, value: '2026-01-01T00:00:00.000Z' });
    expect(f[1]).toMatchObject({ op: 'between', field: { name: '$updatedAt' } });
    expect(f[2]).toMatchObject({ op: 'and', filters: [{ op: 'isNotNull' }, { op: 'isNotNull' }] });
  });

  it('reads a datetime without zone as UTC', () => {
    expect(parse(Query.lessThan('at', '2026-01-02 03:04:05')).filters[0]).toMatchObject({ value: '2026-01-02T03:04:05.000Z' });
  });
});

describe('invalid queries are 400 general_query_invalid with a clear message', () => {
  // Deliberately mistyped: the SDK's types take only a string or an array for contains, and the server must
  // refuse what a caller sends past them.
  const integerForContains = 1 as unknown as string;
  const cases: [string, string[], string][] = [
    ['bad JSON', ['{"method":'], 'Invalid query: Syntax error'],
    ['a JSON array', ['[1]'], 'a query must be a JSON object'],
    ['no method', ['{"attribute":"title"}'], '"method" must be a non-empty string'],
    ['unknown method', ['{"method":"frobnicate","attribute":"title","values":[1]}'], 'Invalid query method: frobnicate'],
    ['unknown attribute', [Query.equal('owner', 'u1')], 'Attribute not found in schema: owner'],
    ['values not an array', ['{"method":"equal","attribute":"title","values":"a"}'], '"values" of equal must be an array'],
    ['attribute not a string', ['{"method":"equal","attribute":5,"values":["a"]}'], '"attribute" of equal must be a string'],
    ['string for an integer', [Query.equal('n', '5')], 'Query value is invalid for attribute "n" in equal: expected an integer'],
    ['fraction for an integer', [Query.lessThan('n', 1.5)], 'expected an integer'],
    ['number for a string', [Query.equal('title', 5)], 'expected a string'],
    ['string for a boolean', [Query.equal('flag', 'true')], 'expected a boolean'],
    ['bad date', [Query.lessThan('at', 'yesterday')], 'expected an ISO 8601 date'],
    ['bad sequence', [Query.equal('$sequence', 'x1')], 'expected a sequence number'],
    ['equal without values', ['{"method":"equal","attribute":"title","values":[]}'], 'needs at least one value'],
    ['lessThan with two values', ['{"method":"lessThan","attribute":"n","values":[1,2]}'], 'takes exactly 1 value, got 2'],
    ['between with one value', ['{"method":"between","attribute":"n","values":[1]}'], 'takes exactly 2 values'],
    ['isNull with values', ['{"method":"isNull","attribute":"note","values":[1]}'], 'isNull takes no values'],
    ['equal on an array', [Query.equal('tags', 'x')], 'Cannot query equal on attribute "tags" because it is an array'],
    ['startsWith on an integer', [Query.startsWith('n', '1')], 'startsWith needs a string attribute'],
    ['search without fulltext index', [Query.search('note', 'x')], 'Searching by attribute "note" requires a fulltext index'],
    ['contains on an integer', [Query.contains('n', integerForContains)], 'contains needs an array or string attribute'],
    ['order on an unknown attribute', [Query.orderAsc('nope')], 'Attribute not found in schema: nope'],
    ['order on an array', [Query.orderAsc('tags')], 'Cannot order by attribute "tags"'],
    ['limit above 5000', [Query.limit(5001)], 'limit must be an integer between 0 and 5000, got 5001'],
    ['negative limit', [Query.limit(-1)], 'limit must be an integer between 0 and 5000'],
    ['limit as a string', ['{"method":"limit","values":["10"]}'], 'limit must be an integer'],
    ['huge offset', [Query.offset(10_000_000)], 'offset must be an integer between 0 and 100000'],
    ['cursor without id', ['{"method":"cursorAfter","values":[""]}'], 'cursorAfter needs a document ID'],
    ['cursor with orderRandom', [Query.orderRandom(), Query.cursorAfter('d1')], 'cannot be combined with orderRandom'],
    ['select of an unknown attribute', [Query.select(['nope'])], 'Attribute not found in schema: nope'],
    ['limit inside or', [Query.or([Query.limit(1), Query.equal('title', 'a')])], 'or can only combine filter queries, not limit'],
    ['empty and', ['{"method":"and","values":[]}'], 'and on "" needs at least one value'],
    ['unknown attribute deep in and', [Query.and([Query.or([Query.equal('title', 'a'), Query.equal('x1', 1)])])], 'Attribute not found in schema: x1'],
    ['a query over 4096 characters', [Query.equal('title', 'a'.repeat(4100))], 'no longer than 4096 characters'],
  ];
  it.each(cases)('%s', (_name, queries, message) => {
    const f = parseFailure(...queries);
    expect(f.code).toBe(400);
    expect(f.type).toBe('general_query_invalid');
    expect(f.message).toContain(message);
    expect(f.message.startsWith('Invalid query: ')).toBe(true);
  });

  it('refuses more than 100 queries', () => {
    const f = parseFailure(...Array.from({ length: 101 }, () => Query.equal('title', 'a')));
    expect(f.message).toBe('Invalid query: A maximum of 100 queries is allowed, got 101.');
    expect(parse(...Array.from({ length: 100 }, () => Query.equal('title', 'a'))).filters).toHaveLength(100);
  });

  it('refuses nesting deeper than three levels', () => {
    const deep = Query.and([Query.or([Query.and([Query.or([Query.equal('title', 'a'), Query.equal('title', 'b')]), Query.isNull('n')]), Query.isNull('n')]), Query.isNull('n')]);
    expect(parseFailure(deep).message).toContain('nested at most 3 levels deep');
  });
});

describe('getDocument queries', () => {
  it('keeps select and refuses anything else', () => {
    expect(parseGetQueries(decodeQueries([Query.select(['title'])]), collection)).toEqual(['title']);
    expect(parseGetQueries(decodeQueries([Query.select(['*'])]), collection)).toBeNull();
    expect(failure(() => parseGetQueries(decodeQueries([Query.limit(1)]), collection)).message).toContain(
      'Only select queries are allowed',
    );
  });
});
