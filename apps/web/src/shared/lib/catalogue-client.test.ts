import { describe, expect, it, vi } from 'vitest';
import { CatalogueError, createCatalogueClient } from './catalogue-client.js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers per host prefix and records every URL asked. */
function fakeFetch(answers: Record<string, () => Response | Promise<Response>>) {
  const calls: string[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const host = Object.keys(answers).find((h) => url.startsWith(h));
    if (!host) throw new TypeError('Failed to fetch');
    return answers[host]!();
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

describe('catalogue client mirror fallback (SPEC#product-song-catalogue-data)', () => {
  it('uses the first host when its response is ok and unwraps data', async () => {
    const f = fakeFetch({ 'https://a.example/api': () => json(200, { success: true, data: [{ id: 'x' }] }) });
    const c = createCatalogueClient(['https://a.example/api', 'https://b.example/api'], f.fn);
    await expect(c.get('/songs/x')).resolves.toEqual([{ id: 'x' }]);
    expect(f.calls).toEqual(['https://a.example/api/songs/x']);
  });

  it('moves to the next host when a response is not ok', async () => {
    const f = fakeFetch({
      'https://a.example/api': () => json(503, { success: false, message: 'down' }),
      '/api': () => json(200, { success: true, data: { total: 1, start: 1, results: [] } }),
    });
    const c = createCatalogueClient(['https://a.example/api', '/api'], f.fn);
    await expect(c.get('/search/songs?query=x')).resolves.toEqual({ total: 1, start: 1, results: [] });
    expect(f.calls).toEqual(['https://a.example/api/search/songs?query=x', '/api/search/songs?query=x']);
  });

  it('moves to the next host when the request itself fails', async () => {
    const f = fakeFetch({ 'https://b.example': () => json(200, { success: true, data: 'ok' }) });
    const c = createCatalogueClient(['https://a.example', 'https://b.example'], f.fn);
    await expect(c.get('/x')).resolves.toBe('ok');
    expect(f.calls).toHaveLength(2);
  });

  it('treats a 200 with success:false or a malformed body as not ok', async () => {
    const f = fakeFetch({
      'https://a.example': () => json(200, { success: false, message: 'song not found' }),
      'https://b.example': () => new Response('<html>', { status: 200 }),
      'https://c.example': () => json(200, { success: true, data: [1] }),
    });
    const c = createCatalogueClient(['https://a.example', 'https://b.example', 'https://c.example'], f.fn);
    await expect(c.get('/songs/1')).resolves.toEqual([1]);
  });

  it('reads the older envelopes too', async () => {
    const legacy = fakeFetch({ 'h1': () => json(200, { status: 'SUCCESS', message: null, data: { id: 'old' } }) });
    await expect(createCatalogueClient(['h1'], legacy.fn).get('/p')).resolves.toEqual({ id: 'old' });
    const oldest = fakeFetch({ 'h1': () => json(200, { status: 'SUCCESS', results: [{ id: 'older' }] }) });
    await expect(createCatalogueClient(['h1'], oldest.fn).get('/p')).resolves.toEqual([{ id: 'older' }]);
  });

  it('throws the last failure when every host fails', async () => {
    const f = fakeFetch({
      'https://a.example': () => json(500, {}),
      'https://b.example': () => json(404, { success: false, message: 'song not found' }),
    });
    const c = createCatalogueClient(['https://a.example', 'https://b.example'], f.fn);
    const err = await c.get('/songs/zz').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CatalogueError);
    expect(err).toMatchObject({ status: 404, message: '404 from https://b.example' });
  });

  it('stops at once when the caller aborts', async () => {
    const controller = new AbortController();
    const f = fakeFetch({
      'https://a.example': () => {
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
      'https://b.example': () => json(200, { success: true, data: 1 }),
    });
    const c = createCatalogueClient(['https://a.example', 'https://b.example'], f.fn);
    await expect(c.get('/x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(f.calls).toHaveLength(1);
  });

  it('names the host list for query keys and trims trailing slashes', () => {
    const c = createCatalogueClient(['https://a.example/api/', '/api'], fakeFetch({}).fn);
    expect(c.hostId).toBe('https://a.example/api|/api');
    expect(c.hosts).toEqual(['https://a.example/api', '/api']);
    expect(() => createCatalogueClient([], fakeFetch({}).fn)).toThrow();
  });
});
