import { isIP } from 'node:net';
import type { Context } from 'hono';
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

const unmapped = (ip: string) => (ip.startsWith('::ffff:') ? ip.slice(7) : ip);

/**
 * The client's address ('' in in-process tests): the TCP peer, or, when the
 * peer is a reverse proxy on this machine, the first X-Forwarded-For entry.
 * Forwarded headers from anywhere else are ignored, so a remote client cannot
 * pick its own address (it keys the sign-in limiter).
 */
export function clientIp(c: Context): string {
  const env = c.env as NodeBindings | undefined;
  const peer = unmapped(env?.incoming?.socket?.remoteAddress ?? '');
  const forwarded = first(c.req.header('x-forwarded-for'));
  const loopbackPeer = peer === '::1' || peer.startsWith('127.');
  return loopbackPeer && forwarded && isIP(forwarded) !== 0 ? unmapped(forwarded) : peer;
}

export const userAgent = (c: Context) => (c.req.header('user-agent') ?? '').slice(0, 512);
