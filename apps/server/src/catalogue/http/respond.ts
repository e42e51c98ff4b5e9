import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ValidationIssue } from '@lyra/contracts/catalogue';
import type { Logger } from '../../log.js';
import { isDatabaseUnavailable, RETRY_AFTER_S } from '../../db/unavailable.js';
import { CatalogueError } from '../errors.js';

/**
 * The saavn envelope (catalogue-api.md §1.2): `{success:true, data}` with 200,
 * `{success:false, message}` otherwise; `?pretty` indents the JSON.
 */
export function json(c: Context, status: ContentfulStatusCode, body: unknown): Response {
  const pretty = c.req.query('pretty') !== undefined;
  return c.body(JSON.stringify(body, null, pretty ? 2 : undefined), status, {
    'content-type': 'application/json; charset=UTF-8',
  });
}

export const ok = (c: Context, data: unknown): Response => json(c, 200, { success: true, data });

/** A query parameter that failed validation: 400 with `message` and the reference's `error.issues`. */
export class InvalidQuery extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '));
    this.name = 'InvalidQuery';
  }
}

/** PostgreSQL data exceptions (class 22: bad text, out of range) caused by input are the caller's fault. */
const isDataException = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' && e.code.startsWith('22');

/**
 * The catalogue routes' error handler: domain errors keep their message and
 * status; validation gets 400; nothing a caller sends ends as a 500.
 */
export const apiErrorHandler =
  (log: Logger) =>
  (err: Error, c: Context): Response => {
    if (err instanceof CatalogueError) return json(c, err.status, { success: false, message: err.message } satisfies ErrorBody);
    if (err instanceof InvalidQuery) {
      const body: ErrorBody = { success: false, message: err.message, error: { name: 'ZodError', issues: err.issues } };
      return json(c, 400, body);
    }
    if (isDataException(err)) return json(c, 400, { success: false, message: 'invalid request' } satisfies ErrorBody);
    if (isDatabaseUnavailable(err)) {
      log.warn('database unavailable', { path: c.req.path, error: err });
      c.header('retry-after', String(RETRY_AFTER_S));
      return json(c, 503, { success: false, message: 'the catalogue is unavailable; try again in a few seconds' } satisfies ErrorBody);
    }
    log.error('catalogue api error', { path: c.req.path, error: err });
    return json(c, 500, { success: false, message: 'internal server error' } satisfies ErrorBody);
  };
