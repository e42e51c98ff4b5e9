import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../test/memory-storage.js';
import { answerField, backendApiUrl, backendServerUrl, SessionRequestError, sessionRequest } from './session-request.js';

class Failed extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}
const fail = (status: number, message: string, body: unknown) => new Failed(status, message, body);

function fetcherAnswering(res: Response) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetcher = ((url: string, init: RequestInit) => {
    seen.push({ url, init });
    return Promise.resolve(res);
  }) as typeof fetch;
  return { fetcher, seen };
}

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

describe('sessionRequest', () => {
  it('sends the session cookie, the fallback header and a JSON body', async () => {
    storage.setItem('cookieFallback', '{"a_session_lyra":"x"}');
    const { fetcher, seen } = fetcherAnswering(Response.json({ ok: 1 }));
    await expect(sessionRequest(fetcher, 'https://b.example/v1/x', { method: 'POST', body: { a: 1 }, headers: { 'x-appwrite-project': 'lyra' } }, fail)).resolves.toEqual({ ok: 1 });
    expect(seen[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra', 'X-Fallback-Cookies': '{"a_session_lyra":"x"}' },
    });
  });

  it('sends no body and no content type without one, and answers a 204 with undefined', async () => {
    const { fetcher, seen } = fetcherAnswering(new Response(null, { status: 204 }));
    await expect(sessionRequest(fetcher, '/x', { method: 'DELETE' }, fail)).resolves.toBeUndefined();
    expect(seen[0]!.init.body).toBeUndefined();
    expect(seen[0]!.init.headers).toEqual({});
  });

  it("throws the caller's error with the server's message, or the status when there is none", async () => {
    const body = { message: 'Room not found.', code: 404, type: 'room_not_found', version: '1' };
    const refused = sessionRequest(fetcherAnswering(Response.json(body, { status: 404 })).fetcher, '/x', { method: 'GET' }, fail);
    await expect(refused).rejects.toMatchObject({ status: 404, message: 'Room not found.', body });
    const bare = sessionRequest(fetcherAnswering(new Response('oops', { status: 502 })).fetcher, '/x', { method: 'GET' }, fail);
    await expect(bare).rejects.toMatchObject({ status: 502, message: 'HTTP 502', body: null });
  });
});

describe('answerField', () => {
  it('reads a string field and nothing else', () => {
    expect(answerField({ type: 'x' }, 'type')).toBe('x');
    expect(answerField({ type: 3 }, 'type')).toBeUndefined();
    expect(answerField(null, 'type')).toBeUndefined();
    expect(answerField('text', 'type')).toBeUndefined();
  });
});

describe('backend addresses', () => {
  it('puts a server path beside the backend, wherever its endpoint is', () => {
    expect(backendServerUrl('/subsonic/shares', '/v1', 'https://app.example')).toBe('https://app.example/subsonic/shares');
    expect(backendServerUrl('/subsonic/shares', 'https://api.example/v1', 'https://app.example')).toBe('https://api.example/subsonic/shares');
  });

  it('puts an API path under the endpoint, with or without its trailing slash', () => {
    expect(backendApiUrl('https://api.example/v1', '/devices')).toBe('https://api.example/v1/devices');
    expect(backendApiUrl('https://api.example/v1/', '/rooms')).toBe('https://api.example/v1/rooms');
  });
});

it('SessionRequestError keeps the status beside the message', () => {
  const e = new SessionRequestError(403, 'No.');
  expect(e).toBeInstanceOf(Error);
  expect([e.status, e.message, e.name]).toEqual([403, 'No.', 'SessionRequestError']);
});
