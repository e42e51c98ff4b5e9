import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { Queryable } from '../../db/db.js';
import { librariesJoined, type LibraryScope, type MusicLibrary } from '../../music-libraries.js';
import { scopedQueryable } from '../library-scope.js';

/**
 * Bytes of the libraries a listener may not see (several libraries, per-user access): `/media/<songId>/...`,
 * `/videos/<songId>/...`, `/download/<songId>` and `/images/<coverId>/...` of a song or cover found only in
 * other libraries answer 404, exactly as an unknown one does, so a listener learns nothing of them. Like the
 * private gate (http/private-gate.ts) it runs before the raw media handlers and in the Hono chain; a request
 * whose listener may see every library (the default) costs the scope's lookup only. A request carrying a
 * public share (`share=<id>`) that the share opens (`shareAdmits`, from the Subsonic module, which keeps the
 * shares and holds them to their sharer's libraries) goes on: its holder plays what was shared with them.
 */
export interface LibraryGate {
  middleware: MiddlewareHandler;
  admit(req: IncomingMessage, res: ServerResponse, pass: () => void): void;
}

const SONG = /^\/(?:media|videos|download)\/([^/?]+)/;
const IMAGE = /^\/images\/([^/?]+)\//;

const HEADERS = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'no-store' };

const songSeen = async (db: Queryable, id: string) => (await db.query('select 1 from tracks where id = $1', [id])).length > 0;
const coverSeen = async (db: Queryable, id: string) =>
  (
    await db.query(
      `select 1 from tracks where cover_id = $1 union all select 1 from albums where cover_id = $1
       union all select 1 from artists where cover_id = $1 union all select 1 from playlists where cover_id = $1 limit 1`,
      [id],
    )
  ).length > 0;

export function createLibraryGate(deps: {
  db: Queryable;
  config: { libraries: readonly MusicLibrary[] };
  scopeOf: (headers: Headers) => Promise<LibraryScope>;
  /** Whether the holder of share `shareId` may fetch this site-relative path; absent: no share opens anything. */
  shareAdmits?: (shareId: string, path: string) => Promise<boolean>;
}): LibraryGate {
  const joined = librariesJoined(deps.config.libraries);

  /** The refusal for this path, or null when it may go on. */
  async function refusal(path: string, headers: Headers, share: string | null): Promise<{ status: number; message: string } | null> {
    const song = SONG.exec(path);
    const image = song ? null : IMAGE.exec(path);
    if (!song && !image) return null;
    const scope = await deps.scopeOf(headers);
    if (scope === null) return null;
    let id: string;
    try {
      id = decodeURIComponent((song ?? image)![1]!);
    } catch {
      return null; // the handler refuses the malformed address itself
    }
    const seen = song ? songSeen : coverSeen;
    // Unknown everywhere: the handler answers as it always does. Known only elsewhere: as if unknown.
    if ((await seen(scopedQueryable(deps.db, scope, joined), id)) || !(await seen(deps.db, id))) return null;
    if (share && deps.shareAdmits && (await deps.shareAdmits(share, path))) return null;
    return { status: 404, message: song ? 'song not found' : 'image not found' };
  }

  return {
    middleware: async (c, next) => {
      const refused = await refusal(c.req.path, c.req.raw.headers, c.req.query('share') ?? null);
      if (!refused) return next();
      return c.body(JSON.stringify({ success: false, message: refused.message }), refused.status as 404, HEADERS);
    },
    admit(req, res, pass) {
      const target = req.url ?? '/';
      const path = target.split('?', 1)[0]!;
      const query = target.indexOf('?');
      if (!SONG.test(path) && !IMAGE.test(path)) return pass();
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      refusal(path, headers, query < 0 ? null : new URLSearchParams(target.slice(query + 1)).get('share')).then(
        (refused) => {
          if (!refused) return pass();
          res.writeHead(refused.status, HEADERS).end(JSON.stringify({ success: false, message: refused.message }));
        },
        () => res.writeHead(503, HEADERS).end(JSON.stringify({ success: false, message: 'The server could not check your access. Try again in a few seconds.' })),
      );
    },
  };
}
