import { request } from 'node:http';
import { ID } from 'appwrite';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { TestAppOptions } from '../../../test/app.js';
import type { Engine } from '../../../test/db.js';
import { createTestClock } from '../../test/clock.js';
import { startMailbox, type Mailbox } from '../../test/mailbox.js';
import { createSdkClient, type SdkClientOptions } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/server.js';

/** Appwrite's `Y-m-d\TH:i:s.vP` in UTC. */
export const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

/** A secret that is wrong, already used or expired. */
export const INVALID_TOKEN = { code: 401, type: 'user_invalid_token', message: 'Invalid token passed in the request.' };

/** What a guest gets from a call that needs an account. */
export const GUEST = { code: 401, type: 'general_unauthorized_scope', message: 'User (role: guests) missing scopes (["account"])' };

type Env = Record<string, string>;

/**
 * What `start` makes, for the tests of the `describe` this is called in: the
 * returned object is filled in before they run and closed after them.
 */
function startedForTests<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  const held = {} as T;
  beforeAll(async () => {
    Object.assign(held, await start());
  });
  afterAll(async () => {
    if ('close' in held) await held.close();
  });
  return held;
}

/**
 * The backend on a fresh `engine` database (see startTestServer), for the
 * tests of one `describe`. `env` may be a function, read when the server
 * starts (after the hooks registered before this one, e.g. a mailbox's).
 */
export function useTestServer(engine: Engine, env: Env | (() => Env) = {}, options: TestAppOptions = {}): TestServer {
  return startedForTests(() => startTestServer(engine, typeof env === 'function' ? env() : env, undefined, options));
}

/**
 * useTestServer with the app's time on a test clock (back to real time after
 * each test) and fresh users signed in on it: `signedIn()` makes user
 * `<label> <n>` (signUpAndSignIn), n counting from 1.
 */
export function useServerWithUsers(engine: Engine, label: string, env: Env | (() => Env) = {}) {
  const clock = createTestClock();
  const s = useTestServer(engine, env, { now: clock.now });
  afterEach(() => clock.reset());
  let n = 0;
  const signedIn = (opts: SdkClientOptions = {}) => signUpAndSignIn(s.baseUrl, label, ++n, opts);
  return { s, clock, signedIn };
}

/** A real SMTP server on loopback (startMailbox) for the tests of one `describe`. */
export function useMailbox(): Mailbox {
  return startedForTests(startMailbox);
}

/**
 * A fresh user named `<label> <n>`, email `<label><n>@example.com` (lower
 * case), password `password123`, signed in with it in a browser of its own.
 */
async function signUpAndSignIn(baseUrl: string, label: string, n: number, opts: SdkClientOptions = {}) {
  const email = `${label.toLowerCase()}${n}@example.com`;
  const sdk = createSdkClient(baseUrl, opts);
  const user = await sdk.account.create({ userId: ID.unique(), email, password: 'password123', name: `${label} ${n}` });
  const session = await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
  return { sdk, user, session, email, n };
}

/** POSTs `body` as JSON through node:http, which sends `headers` as given (fetch would not send a Host header). */
export function postAsIs(url: string, headers: Env, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
