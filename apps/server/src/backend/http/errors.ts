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
  ) {
    super(message);
    this.name = 'AppwriteError';
  }

  toJSON() {
    return { message: this.message, code: this.code, type: this.type, version: APPWRITE_VERSION };
  }
}

export const missingParam = (name: string) =>
  new AppwriteError(400, 'general_argument_invalid', `Missing required parameter: "${name}"`);
