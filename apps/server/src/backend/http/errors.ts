/** Appwrite's error body version field (backend-api.md §2). */
export const APPWRITE_VERSION = '1.9.6';

/**
 * An error in the Appwrite protocol's own shape. Services throw these (or
 * domain errors mapped to them at the edge); the backend's error handler
 * writes `{message, code, type, version}` with HTTP status = code.
 */
export class AppwriteError extends Error {
  constructor(
    readonly code: number,
    readonly type: string,
    message: string,
    /** For 429s: seconds until a retry may succeed, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppwriteError';
  }

  toJSON() {
    return { message: this.message, code: this.code, type: this.type, version: APPWRITE_VERSION };
  }
}

/** Writes the Retry-After header an error asks for (every 429 carries one). */
export function retryAfterHeaders(e: AppwriteError): Record<string, string> {
  if (e.retryAfterSeconds !== undefined) return { 'Retry-After': String(Math.max(1, Math.ceil(e.retryAfterSeconds))) };
  return e.code === 429 ? { 'Retry-After': '60' } : {};
}

export const missingParam = (name: string) =>
  new AppwriteError(400, 'general_argument_invalid', `Missing required parameter: "${name}"`);
