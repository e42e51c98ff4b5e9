import { describe, expect, it } from 'vitest';
import { isArrayTypeReadFailure } from './type-fetch-guard.js';

const ARRAY_TYPES_QUERY = `
      select b.oid, b.typarray
      from pg_catalog.pg_type a
      left join pg_catalog.pg_type b on b.oid = a.typelem
      where a.typcategory = 'A'
      group by b.oid, b.typarray
      order by b.oid
    `;
const failed = (query: unknown, message = 'connect ECONNREFUSED 127.0.0.1:5432') => Object.assign(new Error(message), { code: 'ECONNREFUSED', query });

describe("the guard over postgres.js's array-type read", () => {
  it("takes only that read's failure (as postgres.js reports it: the error names its query)", () => {
    expect(isArrayTypeReadFailure(failed(ARRAY_TYPES_QUERY))).toBe(true);
  });

  it('leaves every other rejection to end the process: other queries, errors without a query, non-errors', () => {
    expect(isArrayTypeReadFailure(failed('select 1'))).toBe(false);
    expect(isArrayTypeReadFailure(failed(undefined))).toBe(false);
    expect(isArrayTypeReadFailure(new Error('something else'))).toBe(false);
    expect(isArrayTypeReadFailure({ query: ARRAY_TYPES_QUERY })).toBe(false);
    expect(isArrayTypeReadFailure(undefined)).toBe(false);
  });
});
