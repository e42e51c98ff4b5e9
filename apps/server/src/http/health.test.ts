import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestDb, ENGINES } from '../test/db.js';
import { databaseAnswers, healthRoutes } from './health.js';

describe.each(ENGINES)('health probes of the whole app (%s)', (engine) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'lyra-health-web-'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp(engine, { WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('GET /healthz answers 200 {status:"ok"}, not the web app', async () => {
    const res = await t.app.request('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 {status:"ok"} while the database answers select 1', async () => {
    const res = await t.app.request('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 503 with Retry-After: 5 once the database is gone', async () => {
    const testDb = await createTestDb(engine);
    const routes = healthRoutes(testDb.db);
    await testDb.drop();
    const res = await routes.request('/readyz');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ status: 'unavailable' });
    expect((await routes.request('/healthz')).status).toBe(200);
  });
});

describe('readiness against a database that does not answer', () => {
  const hanging: Pick<Db, 'query'> = { query: () => new Promise(() => {}) };
  const failing: Pick<Db, 'query'> = { query: () => Promise.reject(new Error('connection refused')) };
  const slow = (ms: number): Pick<Db, 'query'> => ({ query: () => new Promise((resolve) => setTimeout(() => resolve([]), ms)) });

  it('gives up on select 1 after the timeout', async () => {
    const started = performance.now();
    expect(await databaseAnswers(hanging, 100)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await databaseAnswers(failing, 100)).toBe(false);
    expect(await databaseAnswers(slow(300), 100)).toBe(false);
    expect(await databaseAnswers(slow(10), 1000)).toBe(true);
  });

  it('waits 2 s by default, then /readyz answers 503 with Retry-After: 5', async () => {
    const started = performance.now();
    const res = await healthRoutes(hanging).request('/readyz');
    const waited = performance.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(waited).toBeGreaterThanOrEqual(1990);
    expect(waited).toBeLessThan(3000);
  });
});
