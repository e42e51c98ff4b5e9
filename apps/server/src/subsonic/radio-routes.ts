import { Hono, type Context } from 'hono';
import type { Db } from '../db/db.js';
import type { Logger } from '../log.js';
import { radioStore } from './radio.sql.js';

/** How long a station has to answer before the web app is told it is off the air. */
export const STATION_ANSWER_MS = 10_000;

/** What a station may send: audio of any kind, Ogg, or a generic stream some servers label so. */
const AUDIO = /^(audio\/|application\/ogg|application\/octet-stream)/i;

const failure = (c: Context, status: 404 | 502, message: string) => {
  c.header('cache-control', 'no-store');
  return c.json({ success: false, message }, status);
};

/** The station's bytes; when the listener leaves (or the station drops), it ends without an error to log. */
function quietly(body: ReadableStream<Uint8Array>, stop: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        controller.close();
      }
    },
    cancel() {
      stop();
    },
  });
}

/**
 * The stations for the web app's Radio screen, read like the catalogue (open on
 * a public server, listeners only behind a private server's gate, which covers
 * /api), in its envelope:
 *
 *   GET /api/radio                 {success: true, data: [{id, name, homePageUrl}]}, by name
 *   GET /api/radio/:id/stream      the station's live audio, relayed
 *
 * The audio comes through this server so the page's policy (media from this
 * origin), an https page in front of an http station and the player's Web
 * Audio graph (which needs same-origin or CORS audio) all work. Only addresses
 * an administrator stored are fetched. The relay stops when the listener goes.
 */
export function radioRoutes(deps: { db: Db; log: Logger }): Hono {
  const routes = new Hono();
  const store = radioStore(deps.db);

  routes.get('/api/radio', async (c) => {
    const stations = await store.list();
    c.header('cache-control', 'no-cache');
    return c.json({ success: true, data: stations.map((s) => ({ id: s.id, name: s.name, homePageUrl: s.home_page_url })) });
  });

  routes.get('/api/radio/:id/stream', async (c) => {
    const station = await store.byId(c.req.param('id'));
    if (!station) return failure(c, 404, 'station not found');
    const listener = c.req.raw.signal;
    const upstream = new AbortController();
    const stop = () => upstream.abort();
    listener.addEventListener('abort', stop, { once: true });
    const timer = setTimeout(stop, STATION_ANSWER_MS);
    let res: Response;
    try {
      res = await fetch(station.stream_url, { signal: upstream.signal, headers: { 'user-agent': 'Lyra', accept: 'audio/*, */*;q=0.5' } });
    } catch (e) {
      listener.removeEventListener('abort', stop);
      deps.log.warn('radio station unreachable', { station: station.id, error: e });
      return failure(c, 502, 'The station did not answer');
    } finally {
      clearTimeout(timer);
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !res.body || !AUDIO.test(type)) {
      stop();
      listener.removeEventListener('abort', stop);
      return failure(c, 502, res.ok ? 'The station sent no audio' : `The station answered ${res.status}`);
    }
    return new Response(quietly(res.body, stop), {
      status: 200,
      headers: { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
    });
  });

  return routes;
}
