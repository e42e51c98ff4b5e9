import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { APPWRITE_VERSION } from '../../backend/module.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { Engine } from '../../test/db.js';

/**
 * What the request-guard tests (request-guards*.test.ts) share: the answers
 * they expect, and the whole app (with a web app to fall back to) with one
 * signed-in account to send bad input to.
 */

export const DOCS = '/v1/databases/lyra/collections/Feedback/documents';
export const JSON_HEADERS = { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' };
/** The backend's 400 body. */
export const invalid = (message: string, type = 'general_argument_invalid') => ({ message, code: 400, type, version: APPWRITE_VERSION });
/** A `queries[0]` parameter holding `q`. */
export const query = (q: object) => `queries[0]=${encodeURIComponent(JSON.stringify(q))}`;

/**
 * Starts the app before the describe's tests and closes it after them;
 * `state.t` is set before the first test. `call` sends with the account's
 * session cookie (a `cookie` header of its own replaces it).
 */
export function useGuardedApp(engine: Engine) {
  const state = {} as { t: TestApp };
  let webDir: string;
  let cookie = '';

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'lyra-guards-web-'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const t = (state.t = await createTestApp(engine, { WEB_DIR: webDir }));
    const signUp = await t.app.request('/v1/account', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ userId: 'unique()', email: 'guard@example.com', password: 'password123', name: 'Ada' }),
    });
    expect(signUp.status).toBe(201);
    const signIn = await t.app.request('/v1/account/sessions/email', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ email: 'guard@example.com', password: 'password123' }),
    });
    expect(signIn.status).toBe(201);
    cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  });
  afterAll(async () => {
    await state.t?.close();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });

  const call = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
    state.t.app.request(path, {
      method: init.method ?? 'GET',
      headers: { ...JSON_HEADERS, cookie, ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
  const post = (path: string, body: string, method = 'POST') => call(path, { method, body });
  return { state, call, post };
}
