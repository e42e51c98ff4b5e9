import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catalogueOrigins, contentSecurityPolicy, inlineScriptHashes } from './security-headers.js';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('web security headers', () => {
  it('hashes the inline scripts of a page, not external scripts nor data blocks', () => {
    const html = `<head><script>var a=1;</script><script type="module">import "/x.js"</script>
      <script src="/assets/app.js"></script><script type="application/json">{"a":1}</script>
      <SCRIPT>var a=1;</SCRIPT></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha('var a=1;'), sha('import "/x.js"')]);
  });

  it('takes the origins of absolute catalogue hosts only', () => {
    expect(catalogueOrigins(['/api', 'https://mirror.example/api', 'http://10.0.0.2:8080/api/', 'nonsense'])).toEqual([
      'https://mirror.example',
      'http://10.0.0.2:8080',
    ]);
  });

  it('builds a policy without frames, plugins or foreign scripts', () => {
    const csp = contentSecurityPolicy({ scriptHashes: ["'sha256-abc'"], catalogue: ['https://mirror.example'] });
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'sha256-abc'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("img-src 'self' data: blob: https://mirror.example");
    expect(csp).toContain("media-src 'self' blob: https://mirror.example");
    expect(csp).toContain("connect-src 'self' https://mirror.example ws: wss:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
});
