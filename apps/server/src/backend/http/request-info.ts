import type { Context } from 'hono';
import type { Config } from '../../config.js';
import { clientAddress, clientUsedHttps } from '../../http/client-address.js';
import { originOf } from './origins.js';

/** The Node request behind a Hono context, when served by @hono/node-server. */
interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

const first = (v: string | undefined) => v?.split(',')[0]?.trim() || undefined;

/**
 * The API's own origin as the browser sees it. Behind a reverse proxy the
 * forwarded scheme and host win; they only describe the caller's own request,
 * so trusting them cannot widen what another site may do.
 */
export function selfOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const proto = first(c.req.header('x-forwarded-proto')) ?? url.protocol.slice(0, -1);
  const host = first(c.req.header('x-forwarded-host')) ?? c.req.header('host') ?? url.host;
  return originOf(`${proto}://${host}`) ?? url.origin;
}

export const isHttps = (c: Context) => selfOrigin(c).startsWith('https:');

export const selfHostname = (c: Context) => new URL(selfOrigin(c)).hostname;

/** The page that made the request: Origin, else Referer (Appwrite's rule). */
export const pageOrigin = (c: Context): string | null =>
  originOf(c.req.header('origin')) ?? originOf(c.req.header('referer'));

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
