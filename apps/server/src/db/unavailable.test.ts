import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('isDatabaseUnavailable', () => {
  it('knows an unreachable, restarting or full PostgreSQL', () => {
    for (const code of ['DATABASE_UNAVAILABLE', 'ECONNREFUSED', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', '57P01', '57P03', '08006', '08001', '53300']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
  });

  it('looks through causes and the errors of an AggregateError (a refused IPv4 and IPv6 connect)', () => {
    expect(isDatabaseUnavailable(new Error('query failed', { cause: withCode('ECONNRESET') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves request errors and bugs alone', () => {
    for (const code of ['23505', '22P02', '42P01', '40001']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
