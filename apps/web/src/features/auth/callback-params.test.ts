import { describe, expect, it } from 'vitest';
import { readCallbackParams } from './callback-params.js';

describe('callback parameters (SPEC#validation-callback-needs-both: both userId and secret)', () => {
  it('reads userId and secret appended to the success URL', () => {
    expect(readCallbackParams('?x=1&secret=s3cr3t&userId=u1')).toEqual({ userId: 'u1', secret: 's3cr3t' });
  });

  it.each([
    ['nothing', ''],
    ['only userId', '?userId=u1'],
    ['only secret', '?secret=s'],
    ['a blank userId', '?userId=%20%20&secret=s'],
    ['a blank secret', '?userId=u1&secret='],
    ['the failure redirect', `?error=${encodeURIComponent('{"message":"denied","type":"user_oauth2_provider_error","code":424}')}`],
  ])('refuses %s', (_name, search) => {
    expect(readCallbackParams(search)).toBeNull();
  });

  it('accepts URLSearchParams', () => {
    expect(readCallbackParams(new URLSearchParams({ userId: 'u2', secret: 'x' }))).toEqual({ userId: 'u2', secret: 'x' });
  });
});
