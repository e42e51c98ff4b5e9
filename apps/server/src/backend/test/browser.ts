import WebSocket, { type ClientOptions } from 'ws';
import { CookieJar, siteOf } from './cookie-jar.js';

/** A Chromium desktop User-Agent, so Session models get realistic client facts. */
export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** A Map-backed Web Storage (what the SDK uses for `cookieFallback`). */
export class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (i: number) => [...this.items.keys()][i] ?? null;
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, String(v));
  removeItem = (k: string) => void this.items.delete(k);
  clear = () => this.items.clear();
}

export interface BrowserOptions {
  /** The page's origin (where the web app runs). */
  origin: string;
  thirdPartyCookies?: boolean;
  userAgent?: string;
}

export interface NavigationResult {
  /** Where the redirect chain ended: the first app URL (page origin, not /v1/), or a non-redirect response. */
  url: URL;
  /** The final response's status; 0 when the chain stopped before requesting `url`. */
  status: number;
  /** Every URL visited, in order. */
  chain: string[];
  body: string;
}

/** Headers a page may always read cross-origin (Fetch standard, CORS-safelisted response headers). */
const SAFELISTED_RESPONSE = ['cache-control', 'content-language', 'content-length', 'content-type', 'expires', 'last-modified', 'pragma'];
const SIMPLE_METHODS = ['GET', 'HEAD', 'POST'];
const SIMPLE_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/** Node's own fetch, captured before sdk.ts routes the global `fetch` to the current page. */
const nodeFetch: typeof fetch = globalThis.fetch.bind(globalThis);

const failedToFetch = (why: string) => Object.assign(new TypeError('Failed to fetch'), { cause: why });

/**
 * One browser profile running a page at `origin`: a cookie jar, localStorage,
 * `location`, and a `fetch` that behaves like Chromium's for credentialed
 * requests: it sends the cookies a browser would, adds Origin, preflights
 * non-simple cross-origin requests, refuses responses without matching CORS
 * headers, stores Set-Cookie and hides headers that were not exposed.
 */
export class Browser {
  readonly origin: string;
  readonly jar: CookieJar;
  readonly localStorage = new MemoryStorage();
  readonly userAgent: string;
  /** What the page assigned to `location.href` (the SDK does so for OAuth), in order. */
  readonly assigned: string[] = [];
  /** `console.warn` lines the SDK wrote through `window.console`. */
  readonly warnings: string[] = [];
  readonly window: Record<string, unknown>;

  constructor(opts: BrowserOptions) {
    this.origin = new URL(opts.origin).origin;
    this.jar = new CookieJar(opts.thirdPartyCookies ?? true);
    this.userAgent = opts.userAgent ?? CHROME_UA;
    const href = { value: this.origin + '/' };
    const assigned = this.assigned;
    const location = {
      get href() {
        return href.value;
      },
      set href(v: string) {
        href.value = v;
        assigned.push(v);
      },
      get origin() {
        return new URL(href.value).origin;
      },
      get host() {
        return new URL(href.value).host;
      },
      get hostname() {
        return new URL(href.value).hostname;
      },
      get protocol() {
        return new URL(href.value).protocol;
      },
    };
    const push = (...args: unknown[]) => void this.warnings.push(args.map(String).join(' '));
    this.window = {
      localStorage: this.localStorage,
      location,
      console: { ...console, warn: push, log: push, info: push, error: push, debug: push },
      fetch: this.fetch,
      WebSocket: this.WebSocket,
      setTimeout,
      clearTimeout,
      setInterval,
      clearInterval,
    };
  }

  private isCrossSite = (url: URL) => siteOf(url) !== siteOf(new URL(this.origin));

  /** `window.fetch` of this page. */
  fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), this.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const crossOrigin = url.origin !== this.origin;
    const credentials = init.credentials ?? 'same-origin';
    const sendCookies = credentials === 'include' || (credentials === 'same-origin' && !crossOrigin);
    headers.set('user-agent', this.userAgent);
    if (crossOrigin || !['GET', 'HEAD'].includes(method)) headers.set('origin', this.origin);
    if (crossOrigin) {
      await this.preflight(url, method, headers);
    }
    const ctx = { crossSite: this.isCrossSite(url) };
    if (sendCookies) {
      const cookie = this.jar.cookieHeader(url, ctx);
      if (cookie) headers.set('cookie', cookie);
    }
    const res = await nodeFetch(url, { method, headers, body: init.body ?? null, redirect: 'manual' });
    if (sendCookies) for (const c of res.headers.getSetCookie()) this.jar.setCookie(c, url, ctx);
    if (crossOrigin) {
      if (res.headers.get('access-control-allow-origin') !== this.origin) throw failedToFetch('no CORS allow-origin');
      if (credentials === 'include' && res.headers.get('access-control-allow-credentials') !== 'true') {
        throw failedToFetch('no CORS allow-credentials');
      }
    }
    return this.filtered(res, crossOrigin);
  };

  private async preflight(url: URL, method: string, headers: Headers): Promise<void> {
    const custom = [...headers.keys()].filter((h) => {
      if (['accept', 'accept-language', 'content-language', 'origin', 'user-agent', 'cookie'].includes(h)) return false;
      if (h === 'content-type') return !SIMPLE_CONTENT_TYPES.includes((headers.get(h) ?? '').split(';')[0]!.trim());
      return true;
    });
    if (SIMPLE_METHODS.includes(method) && custom.length === 0) return;
    const res = await nodeFetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: this.origin,
        'user-agent': this.userAgent,
        'access-control-request-method': method,
        ...(custom.length ? { 'access-control-request-headers': custom.sort().join(',') } : {}),
      },
    });
    await res.arrayBuffer();
    const h = res.headers;
    if (!res.ok) throw failedToFetch(`preflight answered ${res.status}`);
    if (h.get('access-control-allow-origin') !== this.origin) throw failedToFetch('preflight: wrong allow-origin');
    if (h.get('access-control-allow-credentials') !== 'true') throw failedToFetch('preflight: no allow-credentials');
    const list = (name: string) => (h.get(name) ?? '').split(',').map((s) => s.trim().toLowerCase());
    if (!SIMPLE_METHODS.includes(method) && !list('access-control-allow-methods').includes(method.toLowerCase())) {
      throw failedToFetch(`preflight: method ${method} not allowed`);
    }
    const allowed = list('access-control-allow-headers');
    const missing = custom.filter((c) => !allowed.includes(c));
    if (missing.length) throw failedToFetch(`preflight: headers not allowed: ${missing.join(', ')}`);
  }

  /** What page script can see: never Set-Cookie; cross-origin, only safelisted and exposed headers. */
  private filtered(res: Response, crossOrigin: boolean): Response {
    const exposed = (res.headers.get('access-control-expose-headers') ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase());
    const headers = new Headers();
    res.headers.forEach((v, k) => {
      if (k === 'set-cookie') return;
      if (crossOrigin && !SAFELISTED_RESPONSE.includes(k) && !exposed.includes(k)) return;
      headers.set(k, v);
    });
    const nullBody = [101, 204, 205, 304].includes(res.status);
    return new Response(nullBody ? null : res.body, { status: res.status, statusText: res.statusText, headers });
  }

  /**
   * A top-level navigation (typing a URL, `location.href = …`, a redirect):
   * follows redirects with this profile's cookies until it reaches the page's
   * own origin outside the API's `/v1/` (the app would take over there) or a
   * response that is not a redirect.
   * `until` stops before requesting a matching URL (to inspect or alter it).
   */
  async navigate(start: string | URL, opts: { until?: (url: URL) => boolean; maxHops?: number } = {}): Promise<NavigationResult> {
    const maxHops = opts.maxHops ?? 20;
    let url = new URL(start, this.origin);
    let from = new URL(this.origin);
    const chain: string[] = [];
    for (let hop = 0; hop <= maxHops; hop++) {
      chain.push(url.toString());
      const atApp = url.origin === this.origin && !url.pathname.startsWith('/v1/');
      if (hop > 0 && (atApp || opts.until?.(url))) {
        return { url, status: 0, chain, body: '' };
      }
      const headers: Record<string, string> = { 'user-agent': this.userAgent, accept: 'text/html' };
      const cookie = this.jar.cookieHeader(url, { crossSite: siteOf(url) !== siteOf(from), navigation: true });
      if (cookie) headers.cookie = cookie;
      const res = await nodeFetch(url, { headers, redirect: 'manual' });
      // A top-level response is first-party: its cookies are stored whatever their SameSite.
      for (const c of res.headers.getSetCookie()) this.jar.setCookie(c, url, { crossSite: false, navigation: true });
      from = url;
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.arrayBuffer();
        url = new URL(location, url);
        continue;
      }
      return { url, status: res.status, chain, body: await res.text() };
    }
    throw new Error(`too many redirects: ${chain.join(' -> ')}`);
  }

  /** `window.WebSocket` of this page: the handshake carries Origin and the cookies a browser would send. */
  get WebSocket(): new (address: string | URL, protocols?: string | string[]) => WebSocket {
    const page = this;
    return class PageWebSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[], options?: ClientOptions) {
        const url = new URL(address);
        const httpUrl = new URL(url);
        httpUrl.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
        const cookie = page.jar.cookieHeader(httpUrl, { crossSite: page.isCrossSite(httpUrl) });
        super(url, protocols, {
          ...options,
          headers: { ...options?.headers, origin: page.origin, 'user-agent': page.userAgent, ...(cookie ? { cookie } : {}) },
        });
      }
    };
  }
}
