import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/memory-storage.js';
import { isSeedId, takeSuggestionSeed, updateSuggestionSeeds } from './suggestion-seed.js';

describe('the stored suggestion song id (SPEC#home-suggested-you, SPEC#validation-suggestions, SPEC#limits-suggestions)', () => {
  it("keeps real ids only: not empty, not 'null'", () => {
    expect([isSeedId('abc'), isSeedId(''), isSeedId('  '), isSeedId('null'), isSeedId(3)]).toEqual([true, false, false, false, false]);
  });

  it('puts recent plays first in songSuggestions, keeps older ids after them, at most 15', () => {
    const s = memoryStorage();
    s.map.set('songSuggestions', JSON.stringify(['old1', 'b', 'null', 7]));
    expect(updateSuggestionSeeds(s, ['a', 'b', ''])).toEqual(['a', 'b', 'old1']);
    const many = Array.from({ length: 20 }, (_, i) => `r${i}`);
    expect(updateSuggestionSeeds(s, many)).toHaveLength(15);
    expect(JSON.parse(s.map.get('songSuggestions')!)[0]).toBe('r0');
  });

  it('takes songSuggestions[suggestionIndex] and moves the index on, cycling modulo 15', () => {
    const s = memoryStorage();
    const seeds = Array.from({ length: 15 }, (_, i) => `id${i}`);
    const taken = Array.from({ length: 16 }, () => takeSuggestionSeed(s, seeds));
    expect(taken.slice(0, 3)).toEqual(['id0', 'id1', 'id2']);
    expect(taken[14]).toBe('id14');
    expect(taken[15]).toBe('id0');
    expect(s.map.get('suggestionIndex')).toBe('1');
  });

  it('wraps over a shorter list, and recovers from a bad stored index', () => {
    const s = memoryStorage();
    s.map.set('suggestionIndex', '4');
    expect(takeSuggestionSeed(s, ['a', 'b', 'c'])).toBe('b');
    s.map.set('suggestionIndex', 'x');
    expect(takeSuggestionSeed(s, ['a', 'b'])).toBe('a');
    expect(takeSuggestionSeed(s, [])).toBeNull();
  });
});
