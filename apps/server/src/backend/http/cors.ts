import type { MiddlewareHandler } from 'hono';
import type { Config } from '../../config.js';
import { AppwriteError } from './errors.js';
import { createOriginPolicy } from './origins.js';
import { devProxyPage, selfOrigin } from './request-info.js';

/** Request headers the SDKs may send (Appwrite's list plus the session headers, backend-api.md §1). */
export const ALLOW_HEADERS = [
  'Accept', 'Origin', 'Cookie', 'Set-Cookie', 'X-Requested-With', 'Content-Type', 'Content-Range', 'Range',
  'Cache-Control', 'Expires', 'Pragma', 'Access-Control-Allow-Origin', 'Access-Control-Request-Headers',
  'X-Appwrite-Project', 'X-Appwrite-Key', 'X-Appwrite-JWT', 'X-Appwrite-Locale', 'X-Appwrite-Mode',
  'X-Appwrite-Response-Format', 'X-Appwrite-Timeout', 'X-Appwrite-ID', 'X-Appwrite-Timestamp',
  'X-Appwrite-Session', 'X-Appwrite-Dev-Key', 'X-Appwrite-Impersonate-User-Id',
  'X-Appwrite-Impersonate-User-Email', 'X-Appwrite-Impersonate-User-Phone', 'X-Fallback-Cookies',
  'X-SDK-Version', 'X-SDK-Name', 'X-SDK-Language', 'X-SDK-Platform', 'X-SDK-GraphQL',
  'X-Forwarded-For', 'X-Forwarded-User-Agent', 'Authorization',
].join(', ');

/** Without `X-Fallback-Cookies` here the SDK cannot read the fallback header cross-origin. */
export const EXPOSE_HEADERS = 'X-Appwrite-Session, X-Fallback-Cookies';

/**
 * Credentialed CORS for /v1 (backend-api.md §1). The exact Origin is echoed,
 * never `*`. A request whose Origin is not allowed (see createOriginPolicy; and
 * the web app's development server, see devProxyPage) is refused with 403 general_unknown_origin before any route runs: for apps on
 * other sites the session cookie is SameSite=None, so this is also what stops other sites from making
 * "simple" cross-site requests with the user's cookies. Requests without an
 * Origin (same-origin GETs, navigations, non-browser clients) pass.
 */
export function corsMiddleware(config: Pick<Config, 'PUBLIC_URL' | 'allowedOrigins' | 'trustProxy'>): MiddlewareHandler {
  const policy = createOriginPolicy(config);
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !policy.isAllowed(origin, selfOrigin(c, config)) && origin !== devProxyPage(c, config)) {
      throw new AppwriteError(
        403,
        'general_unknown_origin',
        `Invalid Origin. Register your new client (${origin}) in ALLOWED_ORIGINS on the server.`,
      );
    }
    const headers: Record<string, string> = origin
      ? {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
          'Access-Control-Allow-Headers': ALLOW_HEADERS,
          'Access-Control-Expose-Headers': EXPOSE_HEADERS,
          'Access-Control-Max-Age': '86400',
          Vary: 'Origin',
        }
      : { Vary: 'Origin' };
    if (c.req.method === 'OPTIONS') return c.body(null, 204, headers);
    await next();
    for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
  };
}
