import { expect } from 'vitest';

/**
 * A limit's refusal as Appwrite answers it (backend-api.md §2): 429 with
 * Retry-After in seconds (never past `windowMs`) and the error body
 * `{message, code, type, version}` of general_rate_limit_exceeded.
 */
export async function expectRateLimited(res: Response, windowMs: number): Promise<void> {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  expect(await res.json()).toEqual({
    message: 'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
    code: 429,
    type: 'general_rate_limit_exceeded',
    version: '1.9.6',
  });
}
