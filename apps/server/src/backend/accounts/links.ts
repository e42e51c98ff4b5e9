import { invalidParam } from '../http/params.js';
import { originOf } from '../http/origins.js';
import { withParams } from '../oauth/redirect-urls.js';

/**
 * The app URL a mailed link points to (recovery, verification, magic URL):
 * an absolute http(s) URL on an allowed origin (the server's own, PUBLIC_URL,
 * ALLOWED_ORIGINS: the same rule as OAuth redirects), so mails never carry a
 * secret to another site. Anything else is Appwrite's
 * 400 general_argument_invalid ``Invalid `url` param: URL host must be one of: ...``
 * (or, with no host to offer, that none is allowed).
 */
export function checkLinkUrl(value: string, isAllowedOrigin: (origin: string) => boolean, allowedHosts: string[], hint = ''): string {
  const origin = originOf(value);
  if (!origin || !isAllowedOrigin(origin)) {
    const hosts = [...new Set(allowedHosts)];
    throw invalidParam('url', `${hosts.length > 0 ? `URL host must be one of: ${hosts.join(', ')}` : 'no URL host is allowed'}${hint}`);
  }
  return new URL(value).toString();
}

/**
 * The mailed link: the app's URL with `userId`, `secret` and `expire` added to
 * its query (Appwrite's format; magic URLs also carry `project`).
 */
export const mailedLink = (url: string, params: { userId: string; secret: string; expire: string; project?: string }): string =>
  withParams(url, params.project === undefined ? { userId: params.userId, secret: params.secret, expire: params.expire } : params);
