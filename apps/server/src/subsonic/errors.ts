/** The protocol's error codes (Subsonic API, "subsonic-response" error element). */
export const CODE = {
  generic: 0,
  missingParameter: 10,
  clientTooOld: 20,
  serverTooOld: 30,
  wrongCredentials: 40,
  tokenNotSupported: 41,
  mechanismNotSupported: 42,
  conflictingMechanisms: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  notFound: 70,
} as const;
export type Code = (typeof CODE)[keyof typeof CODE];

/** A failure answered in the envelope with HTTP 200, as every client expects. */
export class SubsonicError extends Error {
  override name = 'SubsonicError';
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

export const missing = (name: string) => new SubsonicError(CODE.missingParameter, `Required parameter is missing: ${name}`);
export const notFound = (what: string) => new SubsonicError(CODE.notFound, `${what} not found`);
export const invalid = (name: string, why: string) => new SubsonicError(CODE.generic, `Invalid parameter ${name}: ${why}`);
