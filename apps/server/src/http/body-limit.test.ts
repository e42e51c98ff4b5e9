import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPWRITE_VERSION } from '../backend/module.js';
import { startTestServer, type TestServer } from '../backend/test/server.js';
import { ENGINES } from '../test/db.js';
import { BODY_TOO_LARGE } from './request-guards.js';

const MB = 1024 * 1024;
const HUGE = 300 * MB;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** 300 MB of body, made as it is read: one 64 KiB chunk over and over, never held whole. */
function hugeBody(): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= HUGE) return void this.push(null);
      sent += CHUNK.length;
      this.push(CHUNK);
    },
  });
}

interface Refusal {
  status: number;
  body: string;
  ms: number;
  peakRssGrowth: number;
}

/**
 * POSTs 300 MB to `path` (chunked, or with its Content-Length declared) and
 * stops sending as soon as the server answers. Reports the answer, how long
 * it took and how far the process's RSS grew meanwhile (sampled every 10 ms).
 */
function sendHuge(baseUrl: string, path: string, declareLength: boolean): Promise<Refusal> {
  const url = new URL(baseUrl);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  return new Promise<Refusal>((resolve, reject) => {
    const body = hugeBody();
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' };
    if (declareLength) headers['content-length'] = String(HUGE);
    const req = httpRequest({ host: url.hostname, port: url.port, method: 'POST', path, headers }, (res) => {
      const ms = performance.now() - started;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        clearInterval(sampler);
        body.destroy();
        req.destroy();
        peak = Math.max(peak, process.memoryUsage().rss);
        resolve({ status: res.statusCode ?? 0, body: text, ms, peakRssGrowth: peak - before });
      });
    });
    // The server closes the connection on a body it refused; that is expected once it has answered.
    req.on('error', (err) => {
      if (!req.destroyed || performance.now() - started > 10_000) reject(err);
    });
    body.pipe(req);
  });
}

describe.each(ENGINES)('request bodies are bounded while they stream (%s)', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine);
    // Warm up the routes so their first-use allocations are not counted.
    await fetch(`${s.endpoint}/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  });
  afterAll(async () => s?.close());

  const expectRefused = (r: Refusal) => {
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toEqual({ message: BODY_TOO_LARGE, code: 413, type: 'general_argument_invalid', version: APPWRITE_VERSION });
    expect(r.ms).toBeLessThan(1000);
    expect(r.peakRssGrowth).toBeLessThan(50 * MB);
  };

  it.each([
    ['an account route', '/v1/account'],
    ['a session route', '/v1/account/sessions/email'],
    ['a document route', '/v1/databases/lyra/collections/Feedback/documents'],
  ])('a 300 MB chunked body to %s gets 413 within 1 s, RSS growing by under 50 MB', async (_, path) => {
    expectRefused(await sendHuge(s.baseUrl, path, false));
  });

  it('a declared 300 MB Content-Length gets 413 before the body is read', async () => {
    expectRefused(await sendHuge(s.baseUrl, '/v1/account', true));
    expectRefused(await sendHuge(s.baseUrl, '/v1/databases/lyra/collections/Feedback/documents', true));
  });

  it('a refused body closes its connection, so the next request on a keep-alive client is answered', async () => {
    const big = 'x'.repeat(MB + 1);
    for (const path of ['/v1/account', '/v1/databases/lyra/collections/Feedback/documents']) {
      const refused = await fetch(`${s.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
      expect(refused.status).toBe(413);
      expect(refused.headers.get('connection')).toBe('close');
      await refused.text();
      const next = await fetch(`${s.endpoint}/ping`);
      expect(next.status).toBe(200);
    }
  });

  it('the server still answers afterwards', async () => {
    const res = await fetch(`${s.endpoint}/ping`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Pong!');
  });
});
