import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { decodeUrl, jsonProblem, MALFORMED_URL, parseJsonish, stringsProblem, type InputProblem } from './input-hygiene.js';

/*
 * The server's first line of defence against input no route can use, run
 * before every module (app.ts). Every request body is limited to
 * MAX_BODY_BYTES while it streams (413); a URL with malformed
 * percent-encoding is refused on the backend and catalogue routes; on the
 * backend (/v1) NULs anywhere, unpaired surrogates in JSON and dates
 * PostgreSQL cannot hold are refused too (400). Each answer is in the shape
 * of the protocol the path belongs to; the web app's own paths keep their 404
 * page, and the catalogue keeps its own answers to NULs (it strips them from
 * searches and knows no id that has one). What only the backend knows (its
 * error shape, its session credentials, the dates its queries may hold) the
 * caller passes in: app.ts wires the backend's BackendRules.
 */

/** The largest request body the server takes, on every route (413 past it). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Which protocol a path speaks: the backend (/v1), the catalogue, or neither (the web app, probes). */
export type RouteFamily = 'backend' | 'catalogue' | 'other';

const CATALOGUE = /^\/(?:api|media|images|videos|download)(?:[/?]|$)/;

export function routeFamily(path: string): RouteFamily {
  if (path === '/v1' || path.startsWith('/v1/') || path.startsWith('/v1?')) return 'backend';
  return CATALOGUE.test(path) ? 'catalogue' : 'other';
}

export interface Refusal {
  status: 400 | 413;
  /** Appwrite's error type (the backend's shape). */
  type: 'general_argument_invalid' | 'general_query_invalid';
  message: string;
}

const QUERIES = /^queries(?:\[\d*\])?$/;

export const BODY_TOO_LARGE = `The request body is larger than ${MAX_BODY_BYTES} bytes.`;
const tooLarge: Refusal = { status: 413, type: 'general_argument_invalid', message: BODY_TOO_LARGE };

function refusalFor({ param, message }: InputProblem): Refusal {
  const where =
    param === 'url' ? null
    : param === 'path' ? 'Invalid request path'
    : param === 'query' ? 'Invalid query string'
    : param === 'session' ? 'Invalid session credential'
    : param === '' ? 'Invalid request body'
    : `Invalid \`${param}\` param`;
  return { status: 400, type: 'general_argument_invalid', message: where ? `${where}: ${message}` : message };
}

/**
 * What the guards need of the backend (/v1) to check its requests and answer
 * in its words; app.ts passes the backend's (backendGuardRules in backend/module.ts).
 */
export interface BackendRules {
  /** A refusal as the backend's error body: Appwrite's `{message, code, type, version}`. */
  errorBody(refusal: Refusal): object;
  /** An error the backend's CORS middleware threw, as the backend answers it; null for any other error. */
  errorReply(error: unknown): { status: number; body: object } | null;
  /** A NUL or an unpaired surrogate in a session credential the request carries (cookie or headers), or null. */
  credentialProblem(headers: Headers): InputProblem | null;
  /** Why a date in the `queries` parameters cannot be held by the database, or null. */
  outOfRangeDate(queries: readonly string[]): string | null;
}

/** The refusal in the catalogue's and the web app's shape, `{success:false, message}`. */
function plainReply(family: 'catalogue' | 'other', r: Refusal): { body: object; headers: Record<string, string> } {
  // The catalogue is open to every origin (catalogue-api.md); its errors are readable everywhere too.
  const headers: Record<string, string> = family === 'catalogue' ? { 'access-control-allow-origin': '*' } : {};
  return { body: { success: false, message: r.message }, headers };
}

/** The refusal's body and headers in the family's protocol: the backend's error shape or `{success:false, message}`. */
function refusalReply(family: RouteFamily, r: Refusal, backend: BackendRules): { body: object; headers: Record<string, string> } {
  return family === 'backend' ? { body: backend.errorBody(r), headers: {} } : plainReply(family, r);
}

export interface GuardOptions {
  backend: BackendRules;
  /**
   * The backend's CORS middleware: refusals on /v1 pass through it so a page
   * on an allowed origin can read them (and an unknown origin still gets its 403).
   */
  backendCors?: MiddlewareHandler;
}

/** Whether the request came with a body (read from the headers: asking for `c.req.raw.body` would start reading it). */
const hasBody = (c: Context) => c.req.header('transfer-encoding') !== undefined || Number(c.req.header('content-length') ?? 0) > 0;

/**
 * Answers a refusal. `unread`: the request's body was not read, so the
 * connection is closed after the answer rather than left holding the rest
 * of it (the client must not send its next request behind it).
 */
async function refuse(c: Context, family: RouteFamily, r: Refusal, { backend, backendCors }: GuardOptions, unread = hasBody(c)): Promise<Response> {
  const { body, headers } = refusalReply(family, r, backend);
  const reply = () => c.json(body, r.status as ContentfulStatusCode, unread ? { ...headers, connection: 'close' } : headers);
  if (family !== 'backend' || !backendCors) return reply();
  try {
    const preflight = await backendCors(c, async () => {
      c.res = reply();
    });
    return preflight ?? c.res;
  } catch (e) {
    const thrown = backend.errorReply(e);
    if (thrown) return c.json(thrown.body, thrown.status as ContentfulStatusCode, unread ? { connection: 'close' } : {});
    throw e;
  }
}

const pathOf = (c: Context) => new URL(c.req.url).pathname;

/** Hono's body limit for every route: declared lengths are checked up front, chunked bodies while they stream. */
export function limitBodies(options: GuardOptions): MiddlewareHandler {
  return bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => refuse(c, routeFamily(pathOf(c)), tooLarge, options) });
}

/** The body as text, left readable for the route (run after limitBodies, so it is at most MAX_BODY_BYTES). */
async function bodyText(c: Context): Promise<string | null> {
  try {
    const bytes = new Uint8Array(await c.req.raw.arrayBuffer());
    c.req.raw = new Request(c.req.raw, { body: bytes });
    return new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}

/** Refuses malformed URLs (backend and catalogue) and, on the backend, unusable strings and dates. */
export function refuseBadInput(options: GuardOptions): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const family = routeFamily(url.pathname);
    if (family === 'other') return next();
    const decoded = decodeUrl(url.pathname + url.search);
    if (!decoded) return refuse(c, family, refusalFor({ param: 'url', message: MALFORMED_URL }), options);
    if (family === 'catalogue') return next();

    const inUrl = stringsProblem(decoded) ?? options.backend.credentialProblem(c.req.raw.headers);
    if (inUrl) return refuse(c, family, refusalFor(inUrl), options);
    const date = options.backend.outOfRangeDate(decoded.query.filter(([name]) => QUERIES.test(name)).map(([, value]) => value));
    if (date) return refuse(c, family, { status: 400, type: 'general_query_invalid', message: date }, options);
    if (c.req.raw.body) {
      const text = await bodyText(c);
      if (text === null) {
        return refuse(c, family, { status: 400, type: 'general_argument_invalid', message: 'Invalid request body: it could not be read.' }, options);
      }
      const json = parseJsonish(text);
      const inBody = json.ok ? jsonProblem(json.value) : null;
      if (inBody) return refuse(c, family, refusalFor(inBody), options, false);
    }
    return next();
  };
}

/**
 * The refusal for a Node request of `family` that no handler may see, or
 * null. Backend requests are checked as refuseBadInput checks them, but for
 * the body (upgrades have none).
 */
function nodeRefusal(req: IncomingMessage, family: 'catalogue'): Refusal | null;
function nodeRefusal(req: IncomingMessage, family: 'backend', backend: BackendRules): Refusal | null;
function nodeRefusal(req: IncomingMessage, family: 'backend' | 'catalogue', backend?: BackendRules): Refusal | null {
  const target = req.url ?? '/';
  if (routeFamily(target.split('?', 1)[0]!) !== family) return null;
  const decoded = decodeUrl(target);
  if (!decoded) return refusalFor({ param: 'url', message: MALFORMED_URL });
  if (family !== 'backend' || !backend) return null;
  const cookie = req.headers.cookie;
  const problem = stringsProblem(decoded) ?? backend.credentialProblem(new Headers(cookie ? { cookie } : {}));
  return problem ? refusalFor(problem) : null;
}

/**
 * For the raw Node fast paths (media bytes), which never reach Hono: answers
 * a malformed catalogue URL itself. Returns true when it answered. (Backend
 * URLs go on to Hono, where a refusal also gets the backend's CORS headers.)
 */
export function refuseBadTarget(req: IncomingMessage, res: ServerResponse): boolean {
  const refusal = nodeRefusal(req, 'catalogue');
  if (!refusal) return false;
  const { body, headers } = plainReply('catalogue', refusal);
  res.writeHead(refusal.status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
  return true;
}

/** For WebSocket upgrades (the realtime handshake): a URL the backend would refuse gets the same 400, and the socket is closed. */
export function refuseBadUpgrade(req: IncomingMessage, socket: Duplex, backend: BackendRules): boolean {
  const refusal = nodeRefusal(req, 'backend', backend);
  if (!refusal) return false;
  const text = JSON.stringify(backend.errorBody(refusal));
  socket.end(
    `HTTP/1.1 ${refusal.status} Bad Request\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
  return true;
}
