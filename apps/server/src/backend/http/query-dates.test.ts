import { describe, expect, it } from 'vitest';
import { outOfRangeDate } from './query-dates.js';

const q = (method: string, attribute: string | undefined, values: unknown[]) =>
  JSON.stringify(attribute === undefined ? { method, values } : { method, attribute, values });

describe('dates in document queries PostgreSQL cannot take', () => {
  it.each([
    ['0001-01-01T00:00:00.000+00:00'],
    ['9999-12-31T23:59:59.999+00:00'],
    ['2026-01-02'],
    ['2026-01-02 03:04:05'],
  ])('lets %s through', (date) => {
    expect(outOfRangeDate([q('greaterThan', '$createdAt', [date]), q('createdBetween', undefined, [date, date])])).toBeNull();
  });

  it('refuses year 0000 on $createdAt/$updatedAt comparisons and the created*/updated* queries', () => {
    expect(outOfRangeDate([q('greaterThan', '$createdAt', ['0000-01-01T00:00:00.000+00:00'])])).toBe(
      'Invalid query: Query value is invalid for attribute "$createdAt" in greaterThan: expected a date between the years 1 and 9999, got "0000-01-01T00:00:00.000+00:00".',
    );
    expect(outOfRangeDate([q('equal', '$updatedAt', ['2026-01-01', '0000-06-01'])])).toMatch(/"\$updatedAt" in equal: .* got "0000-06-01"\.$/);
    expect(outOfRangeDate([q('createdBefore', undefined, ['0000-01-01'])])).toMatch(/"\$createdAt" in createdBefore/);
    expect(outOfRangeDate([q('updatedBetween', undefined, ['2026-01-01', '0000-12-31'])])).toMatch(/"\$updatedAt" in updatedBetween/);
  });

  it('refuses dates that an offset moves out of years 1 to 9999', () => {
    expect(outOfRangeDate([q('lessThan', '$createdAt', ['0001-01-01T00:30:00+01:00'])])).toMatch(/got "0001-01-01T00:30:00\+01:00"/);
    expect(outOfRangeDate([q('lessThan', '$createdAt', ['9999-12-31T23:00:00-05:00'])])).toMatch(/got "9999-12-31T23:00:00-05:00"/);
  });

  it('looks inside and/or, given as objects or as JSON strings', () => {
    const inner = { method: 'createdAfter', values: ['0000-06-01'] };
    expect(outOfRangeDate([q('or', undefined, [{ method: 'equal', attribute: 'songId', values: ['x'] }, inner])])).toMatch(/createdAfter/);
    expect(outOfRangeDate([q('and', undefined, [JSON.stringify(inner)])])).toMatch(/createdAfter/);
  });

  it('leaves strings on other attributes, other value types and unparsable queries to the query parser', () => {
    expect(outOfRangeDate([q('equal', 'songId', ['0000-01-01'])])).toBeNull();
    expect(outOfRangeDate([q('greaterThan', '$createdAt', [0, null, 'not a date', '99999-01-01'])])).toBeNull();
    expect(outOfRangeDate(['{"method":', '[]', '"x"', q('or', undefined, ['{bad', 7])])).toBeNull();
  });
});
