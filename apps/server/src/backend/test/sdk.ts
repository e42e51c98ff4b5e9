import { AsyncLocalStorage } from 'node:async_hooks';
import { Account, Client, Databases, Realtime, TablesDB } from 'appwrite';
import { Browser, type BrowserOptions } from './browser.js';

/**
 * Runs the official `appwrite` web SDK (v28) in Node against a real server, as
 * it runs in a browser. The SDK reads the globals `fetch`, `window`
 * (`window.localStorage` for `cookieFallback`, `window.location` for OAuth,
 * `window.console`, `window.setTimeout`…) and `WebSocket` at call time
 * (node_modules/appwrite/dist/esm/sdk.js). Each client gets its own Browser
 * (cookie jar, localStorage, location); every SDK call runs inside an
 * AsyncLocalStorage scope naming that browser, and the three globals are
 * getters that answer with the current scope's browser. Outside any scope they
 * are what Node has (`window` stays undefined), so server code in the same
 * process is not affected and several "browsers" can act concurrently.
 */
// Kept on globalThis with the getters below: a test file that evaluates this module again (files share
// their workers) finds the scope the installed getters read.
const scope: AsyncLocalStorage<Browser> = ((globalThis as { __lyraSdkScope?: AsyncLocalStorage<Browser> }).__lyraSdkScope ??= new AsyncLocalStorage<Browser>());

type GlobalName = 'fetch' | 'window' | 'WebSocket';

function installGlobals(): void {
  const g = globalThis as Record<string, unknown>;
  if (g.__lyraSdkGlobals) return;
  for (const name of ['fetch', 'window', 'WebSocket'] as GlobalName[]) {
    let outside = g[name];
    Object.defineProperty(globalThis, name, {
      configurable: true,
      enumerable: false,
      get: () => {
        const page = scope.getStore();
        if (!page) return outside;
        return name === 'window' ? page.window : page.window[name];
      },
      set: (v) => {
        outside = v;
      },
    });
  }
  Object.defineProperty(globalThis, '__lyraSdkGlobals', { value: true });
}

/** Wraps every method of `target` so it runs in `page`'s scope (promises keep the scope). */
function inPage<T extends object>(target: T, page: Browser): T {
  return new Proxy(target, {
    get(t, prop) {
      const value = Reflect.get(t, prop, t) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => scope.run(page, () => (value as (...a: unknown[]) => unknown).apply(t, args));
    },
  });
}

export interface SdkClientOptions extends Partial<BrowserOptions> {
  /** Project id (default `lyra`, the server's default APPWRITE_PROJECT_ID). */
  project?: string;
}

export interface SdkClient {
  client: Client;
  account: Account;
  databases: Databases;
  tablesDB: TablesDB;
  realtime: Realtime;
  /** The simulated browser: cookies (`browser.jar`), `browser.localStorage`, navigations. */
  browser: Browser;
  /** The `/v1` endpoint the client talks to. */
  endpoint: string;
  /** Runs `fn` as page script of this browser (e.g. to build another SDK service). */
  run<T>(fn: () => T): T;
}

/**
 * An SDK client in a fresh browser profile. `baseUrl` is the server's root
 * (or its `/v1` endpoint); `origin` is where the page runs (default: the
 * server's own origin, i.e. the app served by this server).
 */
export function createSdkClient(baseUrl: string, opts: SdkClientOptions = {}): SdkClient {
  installGlobals();
  const endpoint = baseUrl.replace(/\/+$/, '').replace(/(\/v1)?$/, '/v1');
  const browser = new Browser({ ...opts, origin: opts.origin ?? new URL(endpoint).origin });
  const client = new Client().setEndpoint(endpoint).setProject(opts.project ?? 'lyra');
  return {
    client: inPage(client, browser),
    account: inPage(new Account(client), browser),
    databases: inPage(new Databases(client), browser),
    tablesDB: inPage(new TablesDB(client), browser),
    realtime: inPage(new Realtime(client), browser),
    browser,
    endpoint,
    run: (fn) => scope.run(browser, fn),
  };
}

/**
 * A raw call to the client's `/v1` endpoint as its page makes one (its cookies, its headers such as
 * X-Forwarded-For), answering the raw response: for what the SDK cannot send or read (429s, bad bodies).
 */
export const rawCall = (sdk: SdkClient, method: string, path: string, body: unknown = {}): Promise<Response> =>
  sdk.run(() =>
    fetch(`${sdk.endpoint}${path}`, {
      method,
      credentials: 'include',
      headers: { ...sdk.client.headers, 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
      body: JSON.stringify(body),
    }),
  );

/**
 * The AppwriteException fields a rejected SDK call carries. Generic so the call
 * keeps the SDK's default document type (`Models.DefaultDocument`, any data
 * fields): against a `Promise<unknown>` parameter the SDK's `Document` type
 * would be inferred as the bare `Models.Document` and refuse every data field.
 */
export async function sdkFailure<T>(p: Promise<T>): Promise<{ code: number; type: string | undefined; message: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { name?: string; code: number; type?: string; message: string };
    if (err.name === 'AppwriteException') return { code: err.code, type: err.type, message: err.message };
    throw e;
  }
  throw new Error('expected the call to fail');
}
