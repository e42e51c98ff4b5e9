import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { createExpiringMemo } from '../expiring-memo.js';
import { routeFamily } from './request-guards.js';

/*
 * ACCESS=private (README "Configuration"): the catalogue's routes (/api,
 * /media, /images, /videos, /download) answer only a signed-in listener;
 * anyone else gets 401 in the catalogue's shape. Everything else stays
 * reachable: the health probes, the web app's files (its shell shows the
 * sign-in), the backend (/v1, where accounts sign in) and Subsonic's /rest,
 * which checks its own credentials. Who is a listener only the backend knows:
 * app.ts passes `isListener` in. The gate runs twice in a request's life: in
 * app.ts before the raw Node handlers (media bytes never reach Hono), and in
 * the Hono chain for requests handled in process. What it lets through is
 * marked `Cache-Control: private` where the route said `public`: a shared
 * cache in front (a CDN caches .jpg and .mp4 by default) must not hand one
 * listener's covers and audio to anyone who asks. Public shares are the one
 * way in without an account: `/api/shares/<id>` (the route checks the share),
 * and audio or covers asked with `share=<id>` that the share covers
 * (`shareAdmits`, from the Subsonic module, which keeps the shares). A
 * listening room's anonymous guest is let in to the audio of the songs in
 * their room's queue, and nothing else, by the key joining gave them
 * (X-Lyra-Room-Key, or `roomKey=` where an audio element cannot send a
 * header; `roomAdmits`, from the backend, which keeps the rooms).
 */

/**
 * The NOTIFY channel on which any instance says its gates must forget their verdicts (a share changed or went;
 * ended sessions come over the backend's events).
 */
export const FORGET_VERDICTS = 'lyra_private_gate';

/** The 401's message, which the web app reads to show its sign-in. */
export const SIGN_IN_TO_LISTEN = 'Sign in to listen on this server';

/**
 * How long a credential's verdict is remembered. The hot path (a page of
 * covers, every audio range request) then costs a hash and a map lookup, not a
 * session query; the price is that a signed-out or ended session keeps access
 * for at most this long, unless the gate is told to forget (`forget`): blocking or deleting an account,
 * ending sessions, changing or deleting a share.
 */
export const VERDICT_TTL_MS = 5_000;
const MAX_VERDICTS = 10_000;

/** The request headers a backend credential travels in (backend-api.md §1 and JWTs). */
const CREDENTIAL_HEADERS = ['cookie', 'x-appwrite-session', 'x-appwrite-jwt', 'x-fallback-cookies'] as const;

/**
 * The Hono env of requests the server makes to itself (`hono.fetch(request,
 * IN_PROCESS)`): Subsonic fetches /media for a caller it has authenticated.
 * Nothing from the network can carry it.
 */
export const IN_PROCESS = Object.freeze({ inProcess: true });

export interface PrivateGateOptions {
  /** Whether these credentials name an account that may listen (signed in, not anonymous). */
  isListener(headers: Headers): Promise<boolean>;
  /**
   * Public shares: whether the holder of share `shareId` may fetch this site-relative path (a shared
   * song's audio or cover). Absent: no share opens anything.
   */
  shareAdmits?: (shareId: string, path: string) => Promise<boolean>;
  /**
   * Listening rooms: whether the anonymous guest holding room key `key` may fetch this site-relative target
   * (path and query: the audio or the details of songs in their room's queue). Absent: no room key opens anything.
   */
  roomAdmits?: (key: string, target: string) => Promise<boolean>;
  /** Paths anyone may reach (a share link's description, whose route checks the share itself). */
  isPublicPath?: (path: string) => boolean;
  now: () => number;
}

export interface PrivateGate {
  /** For the Hono chain: refuses a catalogue request from anyone but a listener. */
  middleware: MiddlewareHandler;
  /** For the raw Node handlers: calls `pass` when the request may go on, else answers it. */
  admit(req: IncomingMessage, res: ServerResponse, pass: () => void): void;
  /**
   * Forgets every remembered verdict: an account was blocked or deleted, sessions ended, a share changed or
   * went (app.ts calls it on those events, from every instance), so the next request asks again.
   */
  forget(): void;
}

type Verdict = boolean | 'unavailable';
interface Entry {
  settled?: Verdict;
  pending: Promise<Verdict>;
}

const REFUSED = { status: 401, body: JSON.stringify({ success: false, message: SIGN_IN_TO_LISTEN }) };
const UNAVAILABLE = {
  status: 503,
  body: JSON.stringify({ success: false, message: 'The server could not check your session. Try again in a few seconds.' }),
};
// The catalogue is open to every origin (catalogue-api.md): its refusals are readable everywhere too.
const HEADERS = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'no-store' };

/** RFC 9111 §5.2.2.7: `private` keeps a response out of shared caches; the browser's own cache still keeps it. */
const toPrivate = (value: string) => value.replace(/\bpublic\b/i, 'private');

/** Makes the raw handler's answer private to the listener (Node sends every header block through writeHead). */
function keepPrivate(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    for (const headers of rest) {
      if (!headers || typeof headers !== 'object' || Array.isArray(headers)) continue;
      const named = headers as Record<string, unknown>;
      for (const name of Object.keys(named)) {
        const value = named[name];
        if (name.toLowerCase() === 'cache-control' && typeof value === 'string') named[name] = toPrivate(value);
      }
    }
    const set = this.getHeader('cache-control');
    if (typeof set === 'string') this.setHeader('cache-control', toPrivate(set));
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
}

/** Whether the gate looks at a request at all: catalogue routes, but not CORS preflights (they carry no credential). */
const gated = (method: string, path: string) => method !== 'OPTIONS' && routeFamily(path) === 'catalogue';

/** The query parameter `name` of a request target, if any. */
function queryParam(target: string, name: string): string | null {
  const q = target.indexOf('?');
  return q < 0 ? null : new URLSearchParams(target.slice(q + 1)).get(name);
}

/** The request header a room guest's key travels in (as on /v1/rooms), else its query parameter. */
const ROOM_KEY_HEADER = 'x-lyra-room-key';
const ROOM_KEY_PARAM = 'roomKey';

export function createPrivateGate({ isListener, shareAdmits, roomAdmits, isPublicPath, now }: PrivateGateOptions): PrivateGate {
  // Concurrent requests with one credential share one lookup: the memo holds it from its start.
  const verdicts = createExpiringMemo<string, Entry>({ ttlMs: VERDICT_TTL_MS, max: MAX_VERDICTS, now });

  /**
   * The remembered verdict under `key`, else `ask`'s once it answers (concurrent requests share one ask). A
   * failed ask is not remembered: the next request asks again.
   */
  function remembered(key: string, ask: () => Promise<boolean>): Verdict | Promise<Verdict> {
    const known = verdicts.get(key);
    if (known) return known.settled ?? known.pending;
    const entry: Entry = {
      pending: ask().then(
        (ok) => (entry.settled = ok),
        () => {
          verdicts.delete(key);
          return 'unavailable' as const;
        },
      ),
    };
    verdicts.set(key, entry);
    return entry.pending;
  }

  /** The verdict on these credentials: at once when known, else once the backend answers. */
  function verdictOf(get: (name: string) => string | undefined): Verdict | Promise<Verdict> {
    const values = CREDENTIAL_HEADERS.map(get);
    if (values.every((v) => v === undefined)) return false;
    // Hashed: the memo's keys stay small whatever the cookie header holds.
    const key = createHash('sha256').update(JSON.stringify(values)).digest('base64');
    return remembered(key, () => {
      const headers = new Headers();
      CREDENTIAL_HEADERS.forEach((name, i) => values[i] !== undefined && headers.set(name, values[i]));
      return isListener(headers);
    });
  }

  /** A share's verdict on one path, remembered like a credential's (every range request of a song asks). */
  function shareVerdict(shareId: string, path: string): Verdict | Promise<Verdict> {
    if (!shareAdmits) return false;
    const key = 'share:' + createHash('sha256').update(JSON.stringify([shareId, path])).digest('base64');
    return remembered(key, () => shareAdmits(shareId, path));
  }

  /** A room guest's key's verdict on one target (path and query), remembered like a share's. */
  function roomVerdict(key: string, target: string): Verdict | Promise<Verdict> {
    if (!roomAdmits) return false;
    const id = 'room:' + createHash('sha256').update(JSON.stringify([key, target])).digest('base64');
    return remembered(id, () => roomAdmits(key, target));
  }

  /** The listener's verdict, else (for a request carrying `share=`) the share's, else (carrying a room guest's key) the room's. */
  async function verdictFor(get: (name: string) => string | undefined, target: string, share: string | null, roomKey: string | null): Promise<Verdict> {
    const listener = await verdictOf(get);
    if (listener === true) return listener;
    const path = target.split('?', 1)[0]!;
    if (share && (await shareVerdict(share, path)) === true) return true;
    if (roomKey && (await roomVerdict(roomKey, target)) === true) return true;
    return listener;
  }

  const replyFor = (v: Verdict) => (v === 'unavailable' ? UNAVAILABLE : REFUSED);

  return {
    forget: () => verdicts.deleteWhere(() => true),
    middleware: async (c: Context, next) => {
      if (c.env === IN_PROCESS || !gated(c.req.method, c.req.path) || isPublicPath?.(c.req.path)) return next();
      const roomKey = c.req.header(ROOM_KEY_HEADER) ?? c.req.query(ROOM_KEY_PARAM) ?? null;
      const url = new URL(c.req.url);
      const verdict = await verdictFor((name) => c.req.header(name), url.pathname + url.search, c.req.query('share') ?? null, roomKey);
      if (verdict === true) {
        await next();
        const cacheControl = c.res.headers.get('cache-control');
        if (cacheControl?.match(/\bpublic\b/i)) {
          c.res = new Response(c.res.body, c.res);
          c.res.headers.set('cache-control', toPrivate(cacheControl));
        }
        return;
      }
      const { status, body } = replyFor(verdict);
      return c.body(body, status as 401, HEADERS);
    },
    admit(req, res, pass) {
      const target = req.url ?? '/';
      const path = target.split('?', 1)[0]!;
      if (!gated(req.method ?? 'GET', path) || isPublicPath?.(path)) return pass();
      const answer = (v: Verdict) => {
        if (v === true) {
          keepPrivate(res);
          return pass();
        }
        const { status, body } = replyFor(v);
        res.writeHead(status, HEADERS).end(body);
      };
      const get = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v.join(', ') : v;
      };
      const share = queryParam(target, 'share');
      const roomKey = get(ROOM_KEY_HEADER) ?? queryParam(target, ROOM_KEY_PARAM);
      const verdict = share || roomKey ? verdictFor(get, target, share, roomKey) : verdictOf(get);
      if (typeof verdict === 'object') void verdict.then(answer);
      else answer(verdict);
    },
  };
}
