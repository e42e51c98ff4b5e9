import { describe, expect, it } from 'vitest';
import { cleanQuery, lexeme, MAX_QUERY_CHARS, strictQuery, widenedQuery } from './search-query.js';

describe('search query text', () => {
  it('drops NUL, folds whitespace and caps the length', () => {
    expect(cleanQuery('  batt\u0000le \n epic ')).toBe('battle epic');
    expect(cleanQuery('x'.repeat(2000))).toHaveLength(MAX_QUERY_CHARS);
  });

  it('quotes words so that tsquery operators in them stay literal', () => {
    expect(lexeme("rock'n")).toBe("'rock''n'");
    expect(lexeme('a\\b')).toBe("'a\\\\b'");
  });

  it('matches every word as a prefix or as one of its look-alikes', () => {
    const words = [
      { word: 'batle', alts: ['battle', 'bale'], tracks: 3 },
      { word: 'epik', alts: [], tracks: 0 },
      { word: 'x', alts: ['xx'], tracks: 1 },
    ];
    expect(widenedQuery(words)).toBe("('batle':* | 'battle' | 'bale') & ('epik':*) & ('x' | 'xx')");
    expect(strictQuery(words)).toBe("'batle':* & 'epik':* & 'x'");
  });
});
