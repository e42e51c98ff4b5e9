import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppwriteError } from './errors.js';
import { checkId, MAX_BODY_BYTES, readBody, resolveId, uniqueId } from './params.js';

describe('request parameters', () => {
  const app = new Hono();
  app.post('/', async (c) => c.json(await readBody(c)));
  app.onError((err, c) => c.json((err as AppwriteError).toJSON(), (err as AppwriteError).code as 400 | 413));
  const post = (body: string) => app.request('/', { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  it('reads an object body and treats an empty one as {}', async () => {
    expect(await (await post('{"a":1}')).json()).toEqual({ a: 1 });
    expect(await (await post('')).json()).toEqual({});
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await post(JSON.stringify({ x: 'y'.repeat(MAX_BODY_BYTES) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ type: 'general_argument_invalid', message: `The request body is larger than ${MAX_BODY_BYTES} bytes.` });
  });

  it('makes Appwrite-shaped unique ids', () => {
    const now = Date.parse('2026-01-02T03:04:05.678Z');
    const id = uniqueId(now);
    expect(id).toMatch(/^[0-9a-f]{20}$/);
    expect(id.slice(0, 8)).toBe(Math.floor(now / 1000).toString(16));
    expect(uniqueId(now)).not.toBe(id);
    expect(resolveId('userId', 'unique()', now)).toMatch(/^[0-9a-f]{20}$/);
    expect(resolveId('userId', 'my.id-1_x', now)).toBe('my.id-1_x');
  });

  it.each(['', '.a', '-a', '_a', 'a b', 'é', 'x'.repeat(37)])('refuses the id %j', (id) => {
    expect(() => checkId('userId', id)).toThrow(expect.objectContaining({ code: 400, type: 'general_argument_invalid' }));
  });
});
