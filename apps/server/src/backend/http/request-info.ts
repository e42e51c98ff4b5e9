import type { Context } from 'hono';
import type { Config } from '../../config.js';
import { clientAddress, clientUsedHttps } from '../../http/client-address.js';
import { isLoopbackHost, originOf } from './origins.js';

/** The Node request behind a Hono context, when served by @hono/node-server. */
interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

const first = (v: string | undefined) => v?.split(',')[0]?.trim() || undefined;

/**
 * The API's own origin as the browser sees it: the scheme the client used
 * (see clientHttps) and the Host it named. Behind a trusted proxy
 * (TRUST_PROXY) the first X-Forwarded-Host names it instead; from any other
 * peer forwarded headers count for nothing (README, Security), so a client
 * cannot make the server take another site for itself: not in the CORS
 * self-check, the cookie domain nor the OAuth redirect base.
 */
export function selfOrigin(c: Context, trust: Pick<Config, 'trustProxy'>): string {
  const url = new URL(c.req.url);
  const forwarded = trust.trustProxy(peerAddress(c)) ? first(c.req.header('x-forwarded-host')) : undefined;
  const host = forwarded ?? c.req.header('host') ?? url.host;
  return originOf(`${clientHttps(c, trust) ? 'https' : 'http'}://${host}`) ?? url.origin;
}

export const selfHostname = (c: Context, trust: Pick<Config, 'trustProxy'>) => new URL(selfOrigin(c, trust)).hostname;

/** The page that made the request: Origin, else Referer (Appwrite's rule). */
export const pageOrigin = (c: Context): string | null =>
  originOf(c.req.header('origin')) ?? originOf(c.req.header('referer'));

/**
 * The page of the web app's development server, when this request came
 * through it: `npm run dev -w @lyra/web` serves the app on a loopback port
 * (Vite's 5173) and forwards /v1 here with the Host rewritten but the page's
 * Origin kept, so the page is not this server's own origin, yet it is what
 * the listener opened. Recognised by what a page cannot forge: the browser
 * marked the request Sec-Fetch-Site: same-origin (it went to the page's own
 * origin, so that server forwarded it), the page is on loopback, and the
 * request came from this machine. Any other page on loopback (another
 * program's, calling this server directly) is same-site, not same-origin,
 * and gets null. The development server forwards no WebSockets, so realtime
 * does not need this.
 */
export function devProxyPage(c: Context, trust: Pick<Config, 'trustProxy'>): string | null {
  if (c.req.header('sec-fetch-site') !== 'same-origin') return null;
  const page = pageOrigin(c);
  if (!page || !isLoopbackHost(new URL(page).hostname)) return null;
  return isLoopbackHost(clientIp(c, trust)) ? page : null;
}

/** The TCP peer behind a Hono context ('' in in-process tests). */
export function peerAddress(c: Context): string {
  return (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? '';
}

/**
 * The client's address ('' in in-process tests): the TCP peer, or, when the
 * peer is a trusted proxy (TRUST_PROXY), the rightmost untrusted
 * X-Forwarded-For hop. It keys the rate limiters, so a client cannot pick it.
 */
export function clientIp(c: Context, trust: Pick<Config, 'trustProxy'>): string {
  return clientAddress(peerAddress(c), c.req.header('x-forwarded-for'), trust.trustProxy);
}

/** Whether the client used https, directly or through a trusted proxy (the cookies' `secure`). */
export function clientHttps(c: Context, trust: Pick<Config, 'trustProxy'>): boolean {
  const env = c.env as { incoming?: { socket?: { encrypted?: boolean } } } | undefined;
  const encrypted = env?.incoming?.socket?.encrypted === true || new URL(c.req.url).protocol === 'https:';
  return clientUsedHttps(peerAddress(c), encrypted, c.req.header('x-forwarded-proto'), trust.trustProxy);
}

export const userAgent = (c: Context) => (c.req.header('user-agent') ?? '').slice(0, 512);
