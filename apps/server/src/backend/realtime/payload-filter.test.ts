import { Query } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { AppwriteError } from '../http/errors.js';
import { compilePayloadFilter } from './payload-filter.js';

const doc = { $id: 'd1', title: 'x', n: 5, tags: ['a', 'b'], note: null };

describe('realtime subscription queries', () => {
  it('lets everything through without queries or with select(*)', () => {
    expect(compilePayloadFilter([])(doc)).toBe(true);
    expect(compilePayloadFilter([Query.select(['*'])])(doc)).toBe(true);
  });

  it.each([
    [Query.equal('title', 'x'), true],
    [Query.equal('title', ['y', 'x']), true],
    [Query.equal('title', 'y'), false],
    [Query.equal('tags', 'b'), true],
    [Query.notEqual('title', 'x'), false],
    [Query.lessThan('n', 6), true],
    [Query.lessThanEqual('n', 5), true],
    [Query.greaterThan('n', 5), false],
    [Query.greaterThanEqual('n', 5), true],
    [Query.greaterThan('n', '4'), false],
    [Query.isNull('note'), true],
    [Query.isNull('missing'), true],
    [Query.isNotNull('title'), true],
    [Query.or([Query.equal('title', 'no'), Query.equal('n', 5)]), true],
    [Query.and([Query.equal('title', 'x'), Query.equal('n', 4)]), false],
  ])('%s -> %s', (query, expected) => {
    expect(compilePayloadFilter([query])(doc)).toBe(expected);
  });

  it('needs every query to match', () => {
    expect(compilePayloadFilter([Query.equal('title', 'x'), Query.equal('n', 4)])(doc)).toBe(false);
  });

  it.each([
    [Query.search('title', 'x'), 'search is not supported in realtime subscriptions'],
    [Query.select(['title']), 'only allow select(["*"])'],
    [Query.limit(1), 'limit is not supported'],
    ['{bad', 'Syntax error'],
    ['{"method":"equal","attribute":"t","values":[]}', 'needs at least one value'],
  ])('refuses %s', (query, message) => {
    expect(() => compilePayloadFilter([query])).toThrow(AppwriteError);
    expect(() => compilePayloadFilter([query])).toThrow(message);
  });
});
