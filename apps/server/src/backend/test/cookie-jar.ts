import { isIP } from 'node:net';
import { isLoopbackHost, registrableDomain } from '../http/origins.js';

/**
 * A browser's cookie store, as Chromium behaves (RFC 6265bis): host-only vs
 * domain cookies, path, expiry, Secure, and SameSite with Lax as the default.
 * `SameSite=None` without `Secure` is refused, so on plain http only the
 * `_legacy` session cookie survives, as backend-api.md §1 says.
 */
export interface StoredCookie {
  name: string;
  value: string;
  domain: string;
  hostOnly: boolean;
  path: string;
  expires: number | null;
  secure: boolean;
  httpOnly: boolean;
  sameSite: 'strict' | 'lax' | 'none';
}

export interface CookieContext {
  /** The request crosses sites (page site != URL site) and is not a top-level navigation. */
  crossSite: boolean;
  /** A top-level GET navigation (Lax cookies are sent even cross-site). */
  navigation?: boolean;
}

/** Scheme + registrable domain (or the bare host for localhost and IPs). */
export function siteOf(url: URL): string {
  return `${url.protocol}//${registrableDomain(url.hostname) || url.hostname.toLowerCase()}`;
}

const trustworthy = (url: URL) => url.protocol === 'https:' || url.protocol === 'wss:' || isLoopbackHost(url.hostname);

function domainMatches(host: string, domain: string): boolean {
  return host === domain || (host.endsWith('.' + domain) && isIP(host) === 0);
}

function pathMatches(reqPath: string, cookiePath: string): boolean {
  if (reqPath === cookiePath) return true;
  if (!reqPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || reqPath[cookiePath.length] === '/';
}

function defaultPath(url: URL): string {
  const p = url.pathname;
  if (!p.startsWith('/') || p.lastIndexOf('/') === 0) return '/';
  return p.slice(0, p.lastIndexOf('/'));
}

export class CookieJar {
  private cookies: StoredCookie[] = [];

  constructor(
    /** Third-party cookies allowed (Chromium default) or blocked (Safari, Firefox strict). */
    readonly thirdPartyCookies = true,
    private readonly now: () => number = Date.now,
  ) {}

  /** Applies one Set-Cookie header received from `url`. Returns whether it was stored or deleted. */
  setCookie(header: string, url: URL, ctx: CookieContext): boolean {
    const [pair = '', ...attrs] = header.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) return false;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const c: StoredCookie = {
      name, value, domain: host, hostOnly: true, path: defaultPath(url), expires: null,
      secure: false, httpOnly: false, sameSite: 'lax',
    };
    let maxAge: number | null = null;
    for (const attr of attrs) {
      const i = attr.indexOf('=');
      const key = (i < 0 ? attr : attr.slice(0, i)).trim().toLowerCase();
      const val = i < 0 ? '' : attr.slice(i + 1).trim();
      if (key === 'expires') {
        const t = Date.parse(val);
        if (!Number.isNaN(t)) c.expires = t;
      } else if (key === 'max-age' && /^-?\d+$/.test(val)) maxAge = Number(val);
      else if (key === 'domain' && val) {
        const d = val.replace(/^\./, '').toLowerCase();
        if (!domainMatches(host, d)) return false;
        c.domain = d;
        c.hostOnly = false;
      } else if (key === 'path' && val.startsWith('/')) c.path = val;
      else if (key === 'secure') c.secure = true;
      else if (key === 'httponly') c.httpOnly = true;
      else if (key === 'samesite') {
        const v = val.toLowerCase();
        c.sameSite = v === 'none' ? 'none' : v === 'strict' ? 'strict' : 'lax';
      }
    }
    if (maxAge !== null) c.expires = this.now() + maxAge * 1000;
    if (c.secure && !trustworthy(url)) return false;
    if (c.sameSite === 'none' && !c.secure) return false;
    if (ctx.crossSite && !ctx.navigation && (c.sameSite !== 'none' || !this.thirdPartyCookies)) return false;
    this.cookies = this.cookies.filter((o) => !(o.name === c.name && o.domain === c.domain && o.path === c.path));
    if (c.expires !== null && c.expires <= this.now()) return true;
    this.cookies.push(c);
    return true;
  }

  /** The cookies a request to `url` carries, most specific path first (RFC 6265 §5.4). */
  cookiesFor(url: URL, ctx: CookieContext): StoredCookie[] {
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const now = this.now();
    this.cookies = this.cookies.filter((c) => c.expires === null || c.expires > now);
    return this.cookies
      .filter((c) => (c.hostOnly ? host === c.domain : domainMatches(host, c.domain)))
      .filter((c) => pathMatches(url.pathname || '/', c.path))
      .filter((c) => !c.secure || trustworthy(url))
      .filter((c) => {
        if (!ctx.crossSite) return true;
        if (ctx.navigation) return c.sameSite !== 'strict';
        return c.sameSite === 'none' && this.thirdPartyCookies;
      })
      .sort((a, b) => b.path.length - a.path.length);
  }

  cookieHeader(url: URL, ctx: CookieContext): string {
    return this.cookiesFor(url, ctx)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** Every live cookie, for assertions. */
  all(): StoredCookie[] {
    const now = this.now();
    return this.cookies.filter((c) => c.expires === null || c.expires > now);
  }

  clear(): void {
    this.cookies = [];
  }
}
