import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { AppwriteError, missingParam } from './errors.js';
import { MAX_BODY_BYTES } from '../../http/request-guards.js';

export type Params = Record<string, unknown>;

export const invalidParam = (name: string, why: string) =>
  new AppwriteError(400, 'general_argument_invalid', `Invalid \`${name}\` param: ${why}`);

/** JSON bodies above the server's body limit are refused before parsing (the largest legitimate one is a 64 KiB prefs object). */
export { MAX_BODY_BYTES };

const tooLarge = () =>
  new AppwriteError(413, 'general_argument_invalid', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);

/**
 * The JSON body of a POST/PUT/PATCH/DELETE. The SDK sends `{}` when there are
 * no params (even on DELETE); an empty body counts as `{}`. Anything that is
 * not a JSON object is a 400, one too large a 413, in the protocol's shape, never a 500.
 */
export async function readBody(c: Context, maxBytes = MAX_BODY_BYTES): Promise<Params> {
  if (Number(c.req.header('content-length') ?? 0) > maxBytes) throw tooLarge();
  const text = await c.req.text().catch(() => '');
  if (Buffer.byteLength(text) > maxBytes) throw tooLarge();
  return parseJsonObject(text, { notJson: 'Invalid JSON in the request body.', notObject: 'The request body must be a JSON object.' });
}

/** A body's text as a JSON object (`{}` when blank); anything else is a 400 in the caller's words. */
export function parseJsonObject(text: string, words: { notJson: string; notObject: string }): Params {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppwriteError(400, 'general_argument_invalid', words.notJson);
  }
  if (!isObject(parsed)) throw new AppwriteError(400, 'general_argument_invalid', words.notObject);
  return parsed;
}

export const isObject = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An optional param of one JSON type: `undefined`/`null` is absent, another type a 400 saying `why`. */
export function optionalParam<T>(params: Params, name: string, is: (v: unknown) => v is T, why: string): T | undefined {
  const v = params[name];
  if (v === undefined || v === null) return undefined;
  if (!is(v)) throw invalidParam(name, why);
  return v;
}

const isString = (v: unknown): v is string => typeof v === 'string';

export const optionalString = (params: Params, name: string): string | undefined =>
  optionalParam(params, name, isString, 'Value must be a valid string.');

/** A required string param; `undefined`/`null` is "missing" (SPEC#validation-backend-requires-parameters's message). */
export function requireString(params: Params, name: string): string {
  const v = optionalString(params, name);
  if (v === undefined) throw missingParam(name);
  return v;
}

/** Appwrite's Text(max, min) validator. */
export function checkLength(name: string, v: string, min: number, max: number): string {
  if (v.length < min || v.length > max) {
    throw invalidParam(name, `Value must be a valid string and at least ${min} chars and no longer than ${max} chars`);
  }
  return v;
}

const ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

/** Appwrite's UID rule (backend-api.md §4, IDs). */
export function checkId(name: string, v: string): string {
  if (!ID_RE.test(v)) {
    throw invalidParam(
      name,
      'Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can\'t start with a special char',
    );
  }
  return v;
}

/**
 * A new ID shaped like Appwrite's (and `ID.unique()`'s): hex Unix seconds,
 * 5 hex digits of sub-second time, 7 random hex digits; 20 chars.
 */
export function uniqueId(nowMs: number): string {
  const sec = Math.floor(nowMs / 1000).toString(16);
  const sub = ((nowMs % 1000) * 1000 + randomBytes(2).readUInt16BE() % 1000).toString(16).padStart(5, '0');
  return sec + sub + randomBytes(4).toString('hex').slice(0, 7);
}

/** A client-chosen ID, or a fresh one for the literal `unique()`. */
export function resolveId(name: string, v: string, nowMs: number): string {
  return v === 'unique()' ? uniqueId(nowMs) : checkId(name, v);
}
