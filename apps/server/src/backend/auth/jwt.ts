import { errors, jwtVerify, SignJWT } from 'jose';
import type { Deps } from '../../module.js';
import { AppwriteError } from '../http/errors.js';
import { serverKey } from './server-keys.store.js';

/** Appwrite's default and longest JWT lifetimes (POST /account/jwts `duration`). */
export const JWT_DEFAULT_SECONDS = 900;
export const JWT_MAX_SECONDS = 3600;

export interface JwtClaims {
  userId: string;
  sessionId: string;
}

export const jwtInvalid = (why: string) =>
  new AppwriteError(401, 'user_jwt_invalid', `Failed to verify JWT. ${why}`);

/**
 * HS256 JWTs carrying `{userId, sessionId}` (Appwrite's payload), signed with
 * the server's key; `nowMs` is the app's clock so expiry is testable.
 */
export function createJwtCodec(key: () => Promise<Uint8Array>, nowMs: () => number) {
  return {
    async sign(claims: JwtClaims, seconds: number): Promise<string> {
      const iat = Math.floor(nowMs() / 1000);
      return new SignJWT({ userId: claims.userId, sessionId: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + seconds)
        .sign(await key());
    },

    /** The claims of a valid token; 401 user_jwt_invalid for anything else (garbled, forged, expired). */
    async verify(token: string): Promise<JwtClaims> {
      if (token.length > 4096) throw jwtInvalid('Invalid token.');
      try {
        const { payload } = await jwtVerify(token, await key(), {
          algorithms: ['HS256'],
          currentDate: new Date(nowMs()),
          clockTolerance: 0,
        });
        const { userId, sessionId } = payload as Record<string, unknown>;
        if (typeof userId !== 'string' || typeof sessionId !== 'string' || typeof payload.exp !== 'number') {
          throw jwtInvalid('Invalid token.');
        }
        return { userId, sessionId };
      } catch (err) {
        if (err instanceof AppwriteError) throw err;
        if (err instanceof errors.JWTExpired) throw jwtInvalid('Expired token.');
        throw jwtInvalid('Invalid token.');
      }
    },
  };
}

export type JwtCodec = ReturnType<typeof createJwtCodec>;

/** The codec with the server's own key (made on first use, kept in the database: every instance agrees). */
export function createServerJwt(deps: Pick<Deps, 'db' | 'now'>): JwtCodec {
  let key: Promise<Buffer> | null = null;
  return createJwtCodec(() => (key ??= serverKey(deps.db, 'jwt', new Date(deps.now()))), deps.now);
}
