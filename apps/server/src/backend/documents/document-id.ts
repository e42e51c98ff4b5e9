import { randomBytes } from 'node:crypto';
import { AppwriteError } from '../http/errors.js';

/**
 * Document ids (backend-api.md §4 "IDs"): a client-made id of at most 36
 * chars of [A-Za-z0-9._-] not starting with a special char, or the literal
 * `unique()`, for which the server makes one the way Appwrite does.
 */
const UID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

export const isValidId = (id: string): boolean => UID.test(id);

/** Appwrite's `ID.unique()`: hex Unix seconds, 5 hex digits of sub-second time, 7 random hex digits (20 chars). */
export function uniqueId(nowMs: number, random: (n: number) => Buffer = randomBytes): string {
  const seconds = Math.floor(nowMs / 1000).toString(16).padStart(8, '0');
  const micros = ((nowMs % 1000) * 1000).toString(16).padStart(5, '0');
  return seconds + micros + random(4).toString('hex').slice(0, 7);
}

/** Resolves the `documentId` param of a create; throws 400 general_argument_invalid for a bad id. */
export function resolveDocumentId(input: unknown, nowMs: number, param = 'documentId'): string {
  if (input === 'unique()') return uniqueId(nowMs);
  if (typeof input !== 'string' || !isValidId(input)) {
    throw new AppwriteError(
      400,
      'general_argument_invalid',
      `Invalid \`${param}\` param: UID must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char`,
    );
  }
  return input;
}
