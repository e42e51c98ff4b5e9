import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { errorBody, okBody, readFormat, render, SERVER_VERSION } from './envelope.js';

describe('subsonic envelope', () => {
  it('reads f and callback; a jsonp callback that is not a name falls back to json', () => {
    expect(readFormat(null, null)).toEqual({ kind: 'xml' });
    expect(readFormat('xml', null)).toEqual({ kind: 'xml' });
    expect(readFormat('yaml', null)).toEqual({ kind: 'xml' });
    expect(readFormat('json', 'cb')).toEqual({ kind: 'json' });
    expect(readFormat('jsonp', 'jQuery1.done')).toEqual({ kind: 'jsonp', callback: 'jQuery1.done' });
    expect(readFormat('jsonp', 'alert(1)//')).toEqual({ kind: 'json' });
    expect(readFormat('jsonp', null)).toEqual({ kind: 'json' });
  });

  it('carries the server package version', async () => {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(SERVER_VERSION).toBe(pkg.version);
    expect(okBody()).toEqual({ status: 'ok', version: '1.16.1', type: 'lyra', serverVersion: pkg.version, openSubsonic: true });
  });

  it('answers errors with HTTP 200 in every format', async () => {
    const body = errorBody({ code: 70, message: 'Song not found' });
    const xml = render({ kind: 'xml' }, body);
    expect(xml.status).toBe(200);
    expect(await xml.text()).toContain('<error code="70" message="Song not found"/>');
    const json = render({ kind: 'json' }, body);
    expect(await json.json()).toEqual({ 'subsonic-response': { ...body } });
    expect(await render({ kind: 'jsonp', callback: 'cb' }, body).text()).toMatch(/^cb\(\{"subsonic-response":.*\}\);$/);
  });
});
