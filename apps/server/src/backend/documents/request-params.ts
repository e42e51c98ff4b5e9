import type { Context } from 'hono';
import { AppwriteError } from '../http/errors.js';
import { parseJsonObject } from '../http/params.js';
import { MAX_BODY_BYTES } from '../../http/request-guards.js';

/**
 * Request parameters as the SDK sends them (backend-api.md §1, §5): GET
 * arrays as `queries[0]=…` (also `queries[]=…` and repeated `queries=…`),
 * booleans as strings, bodies as JSON objects.
 */
const QUERIES_KEY = /^queries(?:\[(\d*)\])?$/;

/** The `queries` array of a GET, in index order for `queries[N]`, else in order of appearance. */
export function queriesFromUrl(url: string): string[] {
  const found: { index: number; order: number; value: string }[] = [];
  let order = 0;
  for (const [key, value] of new URL(url).searchParams) {
    const m = QUERIES_KEY.exec(key);
    if (!m) continue;
    const index = m[1] ? Number(m[1]) : Number.MAX_SAFE_INTEGER;
    found.push({ index, order: order++, value });
  }
  return found.sort((a, b) => a.index - b.index || a.order - b.order).map((f) => f.value);
}

/** A boolean query parameter: `true`/`1` or `false`/`0`; absent = `fallback`. */
export function booleanParam(url: string, name: string, fallback: boolean): boolean {
  const value = new URL(url).searchParams.get(name);
  if (value === null || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new AppwriteError(400, 'general_argument_invalid', `Invalid \`${name}\` param: Value must be a valid boolean`);
}

/** Document bodies are small; anything over the server's body limit is refused before it is read into memory. */
const tooLarge = () =>
  new AppwriteError(400, 'general_argument_invalid', `Invalid request body: larger than ${MAX_BODY_BYTES} bytes.`);

/** The JSON object body of a POST/PATCH/PUT/DELETE (`{}` when empty). */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const text = await readLimited(c.req.raw);
  return parseJsonObject(text, { notJson: 'Invalid request body: not valid JSON.', notObject: 'Invalid request body: expected a JSON object.' });
}

/** Reads a body as text, giving up past MAX_BODY_BYTES (for bodies sent without a length). */
async function readLimited(req: Request): Promise<string> {
  if (!req.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Transactions (`transactionId`) are not part of this server. */
export function refuseTransactions(params: Record<string, unknown> | URLSearchParams) {
  const id = params instanceof URLSearchParams ? params.get('transactionId') : params.transactionId;
  if (id !== undefined && id !== null && id !== '') {
    throw new AppwriteError(501, 'general_not_implemented', 'Transactions are not supported by this server.');
  }
}
