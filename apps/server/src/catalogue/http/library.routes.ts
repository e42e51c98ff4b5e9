import {
  ALBUM_SORTS,
  ARTIST_SORTS,
  LIBRARY_FILTER_MAX,
  LIBRARY_MAX_LIMIT,
  LIBRARY_PAGE_SIZE,
  SONG_SORTS,
} from '@lyra/contracts/catalogue';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { listAlbums, listArtists, listGenreAlbums, listGenres, listSongs, type ListMemo } from '../library-lists.js';
import { catalogueCtx, libraryScopeOf, type ApiDeps } from './context.js';
import { pathParam } from './params.js';
import { InvalidQuery, ok } from './respond.js';

/**
 * /api/library/*: Library's lists of the whole collection (catalogue-api.md
 * §6). Unlike the reference's routes, a bad `sort`, `page` or `limit` is a
 * 400 rather than quietly mended: these are our own, and a client that sends
 * page 0 or 500 items has a bug worth seeing.
 */

const absent = (v: unknown) => (v === '' ? undefined : v);
const whole = (name: string, max: number) =>
  z.preprocess(
    absent,
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number`)
      .transform(Number)
      .refine((n) => n >= 1 && n <= max, `${name} must be from 1 to ${max}`)
      .optional(),
  );

const paging = {
  page: whole('page', 1_000_000),
  limit: whole('limit', LIBRARY_MAX_LIMIT),
};

function parse<S extends z.ZodRawShape>(c: Context, shape: S): z.output<z.ZodObject<S>> {
  const parsed = z.object(shape).safeParse(c.req.query());
  if (parsed.success) return parsed.data;
  throw new InvalidQuery(
    parsed.error.issues.map((i) => ({
      code: i.code,
      message: i.message,
      path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
    })),
  );
}

const sortOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(absent, z.enum(values, { error: `sort must be one of ${values.join(', ')}` }).default(values[0]));

/** The quick filter: blank means none; NUL cannot reach PostgreSQL text. */
const filter = z
  .string()
  .max(LIBRARY_FILTER_MAX, `q must be at most ${LIBRARY_FILTER_MAX} characters`)
  .transform((s) => s.replace(/\u0000/g, '').trim() || null)
  .optional();

const pageOf = (q: { page?: number | undefined; limit?: number | undefined }) => {
  const limit = q.limit ?? LIBRARY_PAGE_SIZE;
  return { limit, offset: ((q.page ?? 1) - 1) * limit };
};

/** The random order of a day, unless the client names its own seed (a new shuffle). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * `lists` keeps each list's total and letters between requests (library-lists.ts `ListMemo`); the
 * caller clears it when a scan ends.
 */
export function libraryRoutes(deps: ApiDeps, lists: ListMemo): Hono {
  const routes = new Hono();
  const remember = (c: Context) => lists.scoped(libraryScopeOf(c));
  routes.get('/api/library/albums', async (c) => {
    const q = parse(c, { sort: sortOf(ALBUM_SORTS), seed: z.string().max(64).optional(), q: filter, ...paging });
    return ok(c, await listAlbums(catalogueCtx(deps, c), q.sort, pageOf(q), q.seed || today(), q.q ?? null, remember(c)));
  });
  routes.get('/api/library/artists', async (c) => {
    const q = parse(c, { sort: sortOf(ARTIST_SORTS), q: filter, ...paging });
    return ok(c, await listArtists(catalogueCtx(deps, c), q.sort, pageOf(q), q.q ?? null, remember(c)));
  });
  routes.get('/api/library/songs', async (c) => {
    const q = parse(c, { sort: sortOf(SONG_SORTS), ...paging });
    return ok(c, await listSongs(catalogueCtx(deps, c), q.sort, pageOf(q), remember(c)));
  });
  routes.get('/api/library/genres', async (c) => ok(c, await listGenres(catalogueCtx(deps, c))));
  routes.get('/api/library/genres/:name/albums', async (c) => {
    const q = parse(c, paging);
    return ok(c, await listGenreAlbums(catalogueCtx(deps, c), pathParam(c, 'name'), pageOf(q)));
  });
  return routes;
}
