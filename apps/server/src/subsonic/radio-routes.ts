import { Hono, type Context } from 'hono';
import { IMAGE_SIZES } from '@lyra/contracts/ids';
import { baseUrl, type CatalogueMedia } from '../catalogue/module.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { Logger } from '../log.js';
import { stationCover, stationCoverKey } from './radio.js';
import { firstStream, playlistKind } from './radio-playlist.js';
import { radioStore } from './radio.sql.js';

/** How long a station has to answer before the web app is told it is off the air. */
export const STATION_ANSWER_MS = 10_000;

/** What a station may send: audio of any kind, Ogg, or a generic stream some servers label so. */
const AUDIO = /^(audio\/|application\/ogg|application\/octet-stream)/i;
/** A playlist may name another (a `.pls` naming an `.m3u`); no deeper. */
const MAX_PLAYLISTS = 2;
/** Station playlists are a few lines: more than this is not one. */
const MAX_PLAYLIST_BYTES = 64 * 1024;

/** The start of a playlist's text (at most MAX_PLAYLIST_BYTES), the rest left unread. */
async function playlistText(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < MAX_PLAYLIST_BYTES) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, MAX_PLAYLIST_BYTES));
}

/** The side of a station's cover the web app asks for: one of the web's image sizes. */
const coverSide = (raw: string): number | null => {
  const m = /^(\d+)\.jpg$/.exec(raw);
  return m && (IMAGE_SIZES as readonly number[]).includes(Number(m[1])) ? Number(m[1]) : null;
};

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
 *   GET /api/radio                             {success: true, data: [{id, name, homePageUrl, image}]}, by name (image: the cover's absolute address)
 *   GET /api/radio/:id/stream                  the station's live audio, relayed
 *   GET /api/radio/:id/cover/:key/:size.jpg    its generated cover (50, 150 or 500 px; `key` changes with its name)
 *
 * A station address that answers with an M3U or PLS playlist (by its type, or its `.m3u` / `.pls`
 * name) is read, and the first stream it names is relayed instead.
 * The audio comes through this server so the page's policy (media from this
 * origin), an https page in front of an http station and the player's Web
 * Audio graph (which needs same-origin or CORS audio) all work. Only addresses
 * an administrator stored are fetched. The relay stops when the listener goes.
 */
export function radioRoutes(deps: { db: Db; log: Logger; media: CatalogueMedia; config: Pick<Config, 'PUBLIC_URL'> }): Hono {
  const routes = new Hono();
  const store = radioStore(deps.db);

  routes.get('/api/radio', async (c) => {
    const stations = await store.list();
    const base = baseUrl(deps.config, c.req.url);
    c.header('cache-control', 'no-cache');
    return c.json({
      success: true,
      data: stations.map((s) => ({ id: s.id, name: s.name, homePageUrl: s.home_page_url, image: `${base}/api/radio/${s.id}/cover/${stationCoverKey(s)}/500.jpg` })),
    });
  });

  routes.get('/api/radio/:id/cover/:key/:file', async (c) => {
    const side = coverSide(c.req.param('file'));
    const station = side == null ? null : await store.byId(c.req.param('id'));
    // An unknown station, or an address from before it was renamed.
    if (!station || side == null || stationCoverKey(station) !== c.req.param('key')) return failure(c, 404, 'image not found');
    const h = c.req.raw.headers;
    return deps.media.namedCover(stationCover(station), side, {
      method: c.req.method === 'HEAD' ? 'HEAD' : 'GET',
      ifNoneMatch: h.get('if-none-match') ?? undefined,
      ifModifiedSince: h.get('if-modified-since') ?? undefined,
      signal: c.req.raw.signal,
    });
  });

  routes.get('/api/radio/:id/stream', async (c) => {
    const station = await store.byId(c.req.param('id'));
    if (!station) return failure(c, 404, 'station not found');
    const listener = c.req.raw.signal;
    const upstream = new AbortController();
    const stop = () => upstream.abort();
    listener.addEventListener('abort', stop, { once: true });
    const timer = setTimeout(stop, STATION_ANSWER_MS);
    const ask = (url: string) => fetch(url, { signal: upstream.signal, headers: { 'user-agent': 'Lyra', accept: 'audio/*, */*;q=0.5' } });
    let res: Response;
    try {
      res = await ask(station.stream_url);
      // A playlist (.m3u, .pls): the first stream it names.
      for (let hops = 0; ; hops++) {
        const kind = res.ok && res.body ? playlistKind(res.headers.get('content-type') ?? '', res.url || station.stream_url) : null;
        if (!kind) break;
        const next = hops < MAX_PLAYLISTS ? firstStream(await playlistText(res), kind, res.url || station.stream_url) : null;
        if (!next) {
          stop();
          listener.removeEventListener('abort', stop);
          return failure(c, 502, 'The station’s playlist names no stream');
        }
        res = await ask(next);
      }
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
