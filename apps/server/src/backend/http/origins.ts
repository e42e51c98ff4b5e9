import { isIP } from 'node:net';
import type { Config } from '../../config.js';

/** `localhost`, `*.localhost`, 127.0.0.0/8 and ::1: a browser's own machine. */
export function isLoopbackHost(hostname: string): boolean {
  const h = stripBrackets(hostname).toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::1';
}

const stripBrackets = (h: string) => (h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h);

/**
 * Second-level labels under which registrations happen (co.uk, com.au, ...).
 * Not the whole Public Suffix List: erring towards "different site" only means
 * the fallback-cookie header is sent when it was not needed.
 */
const TWO_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'or', 'ne', 'go']);

/**
 * The registrable domain ("eTLD+1") of a host, '' for localhost and IP
 * addresses, which have none (backend-api.md §1, fallback cookies).
 */
export function registrableDomain(hostname: string): string {
  const h = stripBrackets(hostname).toLowerCase().replace(/\.$/, '');
  if (isIP(h) !== 0 || isLoopbackHost(h) || !h.includes('.')) return '';
  const labels = h.split('.');
  const keep = labels.length >= 3 && labels.at(-1)!.length === 2 && TWO_LEVEL.has(labels.at(-2)!) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/** The origin of an absolute http(s) URL, or null for anything else (including "null"). */
export function originOf(value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

export interface OriginPolicy {
  /**
   * Whether a browser page at `origin` may call the API with credentials and
   * receive OAuth redirects. `self` is the API's own origin for this request.
   */
  isAllowed(origin: string, self: string): boolean;
}

/**
 * Allowed origins: the server's own origin, PUBLIC_URL's origin and every
 * entry of ALLOWED_ORIGINS. Unlike Appwrite, `localhost` is not always
 * allowed: any program on a listener's machine can serve a page there. The
 * web app's development server, the one page on loopback that needs no
 * entry, is recognised per request (devProxyPage in request-info.ts).
 */
export function createOriginPolicy(config: Pick<Config, 'PUBLIC_URL' | 'allowedOrigins'>): OriginPolicy {
  const fixed = new Set(config.allowedOrigins);
  const publicOrigin = originOf(config.PUBLIC_URL);
  if (publicOrigin) fixed.add(publicOrigin);
  return {
    isAllowed(origin, self) {
      const o = originOf(origin);
      if (!o || o !== origin.replace(/\/$/, '')) return false;
      return o === self || fixed.has(o);
    },
  };
}

/**
 * Appwrite adds `X-Fallback-Cookies` unless the page's registrable domain
 * (from Origin, else Referer) equals the API host's; localhost and IPs have
 * none, so they always get it (backend-api.md §1).
 */
export function needsFallbackCookies(pageUrl: string | null, apiHostname: string): boolean {
  const page = originOf(pageUrl);
  if (!page) return true;
  const pageDomain = registrableDomain(new URL(page).hostname);
  return pageDomain === '' || pageDomain !== registrableDomain(apiHostname);
}

/**
 * Whether the page (from Origin, else Referer) is on another site than the
 * API: registrable domains differ, or, on localhost and IPs (which have
 * none), hostnames differ. No page (a native client, a navigation) is not
 * cross-site.
 */
export function isCrossSite(pageUrl: string | null, apiHostname: string): boolean {
  const page = originOf(pageUrl);
  if (!page) return false;
  const pageHost = new URL(page).hostname.replace(/^\[|\]$/g, '');
  const apiHost = apiHostname.replace(/^\[|\]$/g, '');
  const pageDomain = registrableDomain(pageHost);
  const apiDomain = registrableDomain(apiHost);
  if (pageDomain === '' || apiDomain === '') return pageHost !== apiHost;
  return pageDomain !== apiDomain;
}
