import { describe, expect, it } from 'vitest';
import {
  decodeUrl,
  jsonProblem,
  LONE_SURROGATE,
  MALFORMED_URL,
  NUL_CHARACTER,
  parseJsonish,
  stringProblem,
  urlProblem,
} from './input-hygiene.js';

describe('input hygiene', () => {
  describe('stringProblem', () => {
    it.each(['', 'plain', 'émoji 🎵', '日本語', '\u{1F600}', 'tab\tand\nnewline'])('finds nothing wrong with %j', (s) => {
      expect(stringProblem(s)).toBeNull();
    });

    it.each(['\0', 'a\0b', 'end\0'])('reports a NUL in %j', (s) => {
      expect(stringProblem(s)).toBe(NUL_CHARACTER);
    });

    it.each(['\uD800', 'a\uDBFFb', '\uDC00', 'x\uDFFF', '\uDE00\uD83D', '\uD83D\uD83D\uDE00\uDE00'])('reports the unpaired surrogate in %j', (s) => {
      expect(stringProblem(s)).toBe(LONE_SURROGATE);
    });
  });

  describe('decodeUrl', () => {
    it('decodes the path and the query, `+` as a space in the query only', () => {
      expect(decodeUrl('/a%20b+c/%E2%9C%93?q=a+b%26c&queries%5B0%5D=%7B%7D&flag&=v#frag')).toEqual({
        path: '/a b+c/✓',
        query: [['q', 'a b&c'], ['queries[0]', '{}'], ['flag', ''], ['', 'v']],
      });
    });

    it.each(['/%ff', '/%E0%A4%A', '/v1/databases/%E0%A4%A/collections', '/a%', '/a%2', '/a%zz', '/%ED%A0%80', '/ok?q=%ff', '/ok?%E0=1', '/ok?q=100%'])(
      'refuses the malformed percent-encoding in %s',
      (target) => {
        expect(decodeUrl(target)).toBeNull();
        expect(urlProblem(target, { strings: false })).toEqual({ param: 'url', message: MALFORMED_URL });
      },
    );
  });

  describe('urlProblem', () => {
    it('finds nothing wrong with ordinary targets', () => {
      for (const target of ['/', '/v1/account', '/api/search?query=%E6%97%A5', '/v1/x?queries[0]=%7B%22method%22%3A%22limit%22%7D']) {
        expect(urlProblem(target, { strings: true }), target).toBeNull();
      }
    });

    it('reports NULs in the path, a parameter name or value, only when asked to', () => {
      expect(urlProblem('/v1/x/a%00', { strings: true })).toEqual({ param: 'path', message: NUL_CHARACTER });
      expect(urlProblem('/v1/x?project=a%00', { strings: true })).toEqual({ param: 'project', message: NUL_CHARACTER });
      expect(urlProblem('/v1/x?a%00=1', { strings: true })).toEqual({ param: 'query', message: NUL_CHARACTER });
      expect(urlProblem('/api/x/a%00?q=%00', { strings: false })).toBeNull();
    });

    it('reports NULs and unpaired surrogates escaped inside JSON query values', () => {
      const query = (values: string) => `/v1/x?queries[0]=${encodeURIComponent(`{"method":"equal","attribute":"a","values":${values}}`)}`;
      expect(urlProblem(query('["a\\u0000"]'), { strings: true })).toEqual({ param: 'queries[0]', message: NUL_CHARACTER });
      expect(urlProblem(query('["\\ud800"]'), { strings: true })).toEqual({ param: 'queries[0]', message: LONE_SURROGATE });
      expect(urlProblem(query('["\\ud83d\\ude00"]'), { strings: true })).toBeNull();
    });
  });

  describe('parseJsonish', () => {
    it('parses objects, arrays and strings, and nothing else', () => {
      expect(parseJsonish(' {"a":1}')).toEqual({ ok: true, value: { a: 1 } });
      expect(parseJsonish('["x"]')).toEqual({ ok: true, value: ['x'] });
      expect(parseJsonish('"s"')).toEqual({ ok: true, value: 's' });
      for (const text of ['', '12', 'true', 'null', 'plain', '{"a":', '[1,']) expect(parseJsonish(text), text).toEqual({ ok: false });
    });
  });

  describe('jsonProblem', () => {
    it('finds nothing wrong with ordinary JSON', () => {
      expect(jsonProblem({ a: 'x', b: [1, true, null, { c: 'émoji 🎵' }] })).toBeNull();
      expect(jsonProblem(42)).toBeNull();
    });

    it('names the top-level key a bad string is under, at any depth, in keys or values', () => {
      expect(jsonProblem({ ok: 'x', prefs: { theme: ['dark', 'a\0'] } })).toEqual({ param: 'prefs', message: NUL_CHARACTER });
      expect(jsonProblem({ data: { ['k\0']: 1 } })).toEqual({ param: 'data', message: NUL_CHARACTER });
      expect(jsonProblem(JSON.parse('{"name":"\\udc00x"}'))).toEqual({ param: 'name', message: LONE_SURROGATE });
    });

    it("reports a bad top-level key or a bare string as the body's ('')", () => {
      expect(jsonProblem({ ['x\0']: 1 })).toEqual({ param: '', message: NUL_CHARACTER });
      expect(jsonProblem('a\0')).toEqual({ param: '', message: NUL_CHARACTER });
    });

    it('walks nesting far deeper than the call stack', () => {
      const depth = 200_000;
      const deep: unknown = JSON.parse('['.repeat(depth) + '"\\u0000"' + ']'.repeat(depth));
      expect(jsonProblem({ data: deep })).toEqual({ param: 'data', message: NUL_CHARACTER });
    });
  });
});
