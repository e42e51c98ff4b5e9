import { describe, expect, it } from 'vitest';
import { blobFromFallbackHeader, decodeSessionBlob, encodeSessionBlob } from './session-blob.js';

describe('session credential', () => {
  it('is base64 of {"id","secret"} (backend-api.md §1 example)', () => {
    expect(encodeSessionBlob({ userId: 'u1', secret: 's' })).toBe('eyJpZCI6InUxIiwic2VjcmV0IjoicyJ9');
    expect(decodeSessionBlob('eyJpZCI6InUxIiwic2VjcmV0IjoicyJ9')).toEqual({ userId: 'u1', secret: 's' });
  });

  it.each([
    ['', 'empty'],
    ['%%%', 'not base64'],
    [Buffer.from('not json').toString('base64'), 'not JSON'],
    [Buffer.from('null').toString('base64'), 'null'],
    [Buffer.from('{"id":"u1"}').toString('base64'), 'no secret'],
    [Buffer.from('{"id":1,"secret":"s"}').toString('base64'), 'numeric id'],
    ['A'.repeat(5000), 'oversized'],
  ])('decodes %s (%s) as no session', (blob) => {
    expect(decodeSessionBlob(blob)).toBeNull();
  });

  it('reads the fallback header the SDK copies from localStorage', () => {
    expect(blobFromFallbackHeader('{"a_session_p":"QQ=="}', 'a_session_p')).toBe('QQ==');
    for (const h of ['[]', '{}', 'garbage', '{"a_session_p":1}', '{"a_session_other":"QQ=="}', '"x"', null]) {
      expect(blobFromFallbackHeader(h, 'a_session_p')).toBeNull();
    }
  });
});
