import { SORT_BY, SORT_ORDER, type SortBy, type SortOrder } from '@lyra/contracts/catalogue';
import type { Context } from 'hono';
import { z } from 'zod';
import { linkId } from '../entity-urls.js';
import { InvalidQuery } from './respond.js';

/**
 * Query parameters of the catalogue API (catalogue-api.md §1.3). Numbers
 * arrive as text: a non-number is a 400; `0` (or nothing) means the default;
 * values are then clamped quietly rather than refused.
 */

/**
 * NUL cannot reach PostgreSQL text. In an id it becomes U+FFFD, so the id
 * stays what was asked (and unknown); search text simply drops it.
 */
const noNul = (s: string) => s.replace(/\u0000/g, '\uFFFD');
const text = () => z.string().transform(noNul);

const number = z
  .string()
  .trim()
  .regex(/^[+-]?\d+(\.\d+)?$/, 'expected a number')
  .transform((s) => Math.trunc(Number(s)));

/** Absent and empty are the same: the default applies. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const link = text().refine((s) => URL.canParse(s), 'expected a valid URL');

export const schemas = {
  query: z.string({ error: 'query is required' }).transform((s) => s.replace(/\u0000/g, '')),
  page: optional(number),
  limit: optional(number),
  songCount: optional(number),
  albumCount: optional(number),
  sortBy: optional(z.enum(SORT_BY)),
  sortOrder: optional(z.enum(SORT_ORDER)),
  id: optional(text()),
  ids: optional(text()),
  link: optional(link),
} as const;

type Schemas = typeof schemas;
type Picked<K extends keyof Schemas> = { [P in K]: z.output<Schemas[P]> };

/** Parses the named query parameters of the request; throws InvalidQuery with every issue. */
export function readQuery<K extends keyof Schemas>(c: Context, ...names: K[]): Picked<K> {
  const shape = Object.fromEntries(names.map((n) => [n, schemas[n]])) as { [P in K]: Schemas[P] };
  const parsed = z.object(shape).safeParse(c.req.query());
  if (!parsed.success) {
    throw new InvalidQuery(
      parsed.error.issues.map((i) => ({
        code: i.code,
        message: i.message,
        path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
      })),
    );
  }
  return parsed.data as Picked<K>;
}

/** A path parameter (an id or a comma list of ids), NUL made harmless. */
export const pathParam = (c: Context, name: string): string => noNul(c.req.param(name) ?? '');

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
/** Pages past this are empty anyway; the cap keeps offsets in integer range. */
export const MAX_PAGE = 1_000_000;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** `value || default`, then 1..MAX_LIMIT (§1.3, §5.2). */
export const count = (value: number | undefined, fallback = DEFAULT_LIMIT): number => clamp(value || fallback, 1, MAX_LIMIT);

/** Search and playlist pages: page ≤ 1 is the first; start = (page − 1) × limit + 1 (§1.4). */
export function onePage(page: number | undefined, limit: number | undefined): { limit: number; offset: number } {
  const size = count(limit);
  return { limit: size, offset: (clamp(page ?? 0, 1, MAX_PAGE) - 1) * size };
}

/** Artist pages are 0-based (§3.10). */
export const zeroBasedPage = (page: number | undefined): number => clamp(page ?? 0, 0, MAX_PAGE);

export const sortOf = (q: { sortBy?: SortBy | undefined; sortOrder?: SortOrder | undefined }, order: SortOrder) => ({
  by: q.sortBy ?? 'popularity',
  order: q.sortOrder ?? order,
});

/**
 * The entity a request names: `link` wins over the id (§3.6-3.8). A link with
 * no path segment counts as no link.
 */
export function targetId(linkValue: string | undefined, idValue: string | undefined): string | undefined {
  const fromLink = linkValue === undefined ? null : linkId(linkValue);
  return fromLink ?? (idValue?.trim() || undefined);
}
