import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range.js';

describe('parseRange (RFC 9110 §14)', () => {
  const size = 1000;

  it('reads the three range forms', () => {
    expect(parseRange('bytes=0-499', size)).toEqual({ kind: 'partial', start: 0, end: 499 });
    expect(parseRange('bytes=500-', size)).toEqual({ kind: 'partial', start: 500, end: 999 });
    expect(parseRange('bytes=-200', size)).toEqual({ kind: 'partial', start: 800, end: 999 });
    expect(parseRange('Bytes = 10-19', size)).toEqual({ kind: 'partial', start: 10, end: 19 });
  });

  it('clamps a last position or suffix past the end', () => {
    expect(parseRange('bytes=900-5000', size)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-5000', size)).toEqual({ kind: 'partial', start: 0, end: 999 });
    expect(parseRange('bytes=999-999', size)).toEqual({ kind: 'partial', start: 999, end: 999 });
  });

  it('sends everything without a Range, for other units and for several ranges', () => {
    expect(parseRange(undefined, size)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-5', size)).toEqual({ kind: 'full' });
    expect(parseRange('0-5', size)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-1,5-6', size)).toEqual({ kind: 'full' });
  });

  it('keeps the one satisfiable range of several when the others cannot be served', () => {
    expect(parseRange('bytes=2000-3000, 0-9', size)).toEqual({ kind: 'partial', start: 0, end: 9 });
  });

  it('rejects what cannot be satisfied', () => {
    expect(parseRange('bytes=1000-', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=1000-2000', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('rejects a malformed bytes range instead of guessing', () => {
    for (const h of ['bytes=', 'bytes=-', 'bytes=abc', 'bytes=5-2', 'bytes=1-2-3', 'bytes=0x10-20', 'bytes= , ']) {
      expect(parseRange(h, size), h).toEqual({ kind: 'unsatisfiable' });
    }
  });
});
