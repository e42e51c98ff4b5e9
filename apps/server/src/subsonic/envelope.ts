import { readFileSync } from 'node:fs';
import { toXml, type XmlObject } from './xml.js';
import type { SubsonicError } from './errors.js';

/** The protocol version we speak (OpenSubsonic is a superset of Subsonic 1.16.1). */
export const API_VERSION = '1.16.1';
export const SERVER_TYPE = 'lyra';

/** The server package's version, read once (the same file from src/ and from dist/). */
export const SERVER_VERSION: string = (() => {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string' ? pkg.version : '0.0.0';
})();

export type Format = { kind: 'xml' } | { kind: 'json' } | { kind: 'jsonp'; callback: string };

/** A JavaScript name path such as `cb` or `jQuery123.done`: nothing that could run code. */
const CALLBACK = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;

/** `f=json|jsonp|xml` (xml when absent or unknown); jsonp without a usable `callback` falls back to json. */
export function readFormat(f: string | null, callback: string | null): Format {
  if (f === 'json') return { kind: 'json' };
  if (f === 'jsonp') return callback && callback.length <= 128 && CALLBACK.test(callback) ? { kind: 'jsonp', callback } : { kind: 'json' };
  return { kind: 'xml' };
}

const base = (status: 'ok' | 'failed') => ({
  status,
  version: API_VERSION,
  type: SERVER_TYPE,
  serverVersion: SERVER_VERSION,
  openSubsonic: true,
});

/** The `subsonic-response` value of a success carrying `payload` (e.g. `{album: {...}}`). */
export const okBody = (payload: XmlObject = {}): XmlObject => ({ ...base('ok'), ...payload });

export const errorBody = (e: Pick<SubsonicError, 'code' | 'message'>): XmlObject => ({
  ...base('failed'),
  error: { code: e.code, message: e.message },
});

const TYPES = {
  xml: 'application/xml; charset=utf-8',
  json: 'application/json; charset=utf-8',
  jsonp: 'application/javascript; charset=utf-8',
} as const;

/** The response in the asked format; always HTTP 200, errors included (clients read the envelope). */
export function render(format: Format, body: XmlObject): Response {
  const headers = {
    'content-type': TYPES[format.kind],
    'cache-control': 'no-store',
    'access-control-allow-origin': '*',
  };
  if (format.kind === 'xml') return new Response(toXml(body), { status: 200, headers });
  const json = JSON.stringify({ 'subsonic-response': body });
  const text = format.kind === 'jsonp' ? `${format.callback}(${json});` : json;
  return new Response(text, { status: 200, headers });
}
