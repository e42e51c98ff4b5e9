import { createHash } from 'node:crypto';

/**
 * Security headers for the web app's responses. The policy allows what the
 * built app uses: its own scripts plus the inline ones of index.html (by
 * hash, computed from the built file at start), inline styles (the build
 * inlines its CSS and React sets style attributes), covers and audio from
 * this server and the configured catalogue hosts, blob: media, and the
 * realtime websocket.
 */

/** `'sha256-…'` of every inline classic or module script in the page (data blocks are not run, so need none). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** Origins of absolute catalogue hosts ('/api' is this server). */
export function catalogueOrigins(hosts: readonly string[]): string[] {
  const out = new Set<string>();
  for (const host of hosts) {
    try {
      const url = new URL(host);
      if (url.protocol === 'http:' || url.protocol === 'https:') out.add(url.origin);
    } catch {
      // Site-relative: this server, already 'self'.
    }
  }
  return [...out];
}

export function contentSecurityPolicy({ scriptHashes, catalogue }: { scriptHashes: readonly string[]; catalogue: readonly string[] }): string {
  const hosts = catalogue.join(' ');
  const list = (...parts: string[]) => parts.filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", ...scriptHashes)}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', 'blob:', hosts)}`,
    `media-src ${list("'self'", 'blob:', hosts)}`,
    `connect-src ${list("'self'", hosts, 'ws:', 'wss:')}`,
    `font-src 'self' data:`,
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

export function securityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
