import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test/db.js';
import { SERVER_VERSION } from './envelope.js';
import { EXTENSIONS } from './system.js';
import { expectSchema } from './test/openapi.js';
import { client, EMAIL, many, query } from './test/harness.js';
import { obj, useLibraryApi, type Obj } from './test/library-api.js';

/** Subsonic API, the envelope: ping in JSON, XML and JSONP, form posts, unknown methods, extensions, the reference schemas. */

describe.each(ENGINES)('subsonic API (%s)', (engine) => {
  const { state, both, failure } = useLibraryApi(engine);
  let { h, api, harbourSongs } = state;
  beforeAll(() => void ({ h, api, harbourSongs } = state));

  describe('envelope', () => {
    it('answers ping in JSON, XML and JSONP, as /rest/ping and /rest/ping.view', async () => {
      const { json, xml } = await both('ping');
      expect(json).toEqual({ status: 'ok', version: '1.16.1', type: 'lyra', serverVersion: SERVER_VERSION, openSubsonic: true });
      expect(xml).toMatchObject({ status: 'ok', version: '1.16.1', type: 'lyra', serverVersion: SERVER_VERSION, openSubsonic: 'true' });
      const view = await api.json('ping.view');
      expect(view.status).toBe('ok');
      const jsonp = await api.raw('ping', { f: 'jsonp', callback: 'cb' });
      expect(jsonp.headers.get('content-type')).toContain('javascript');
      const text = await jsonp.text();
      expect(text).toMatch(/^cb\(\{"subsonic-response":\{"status":"ok"/);
      expect(text.endsWith(');')).toBe(true);
      const xml2 = await api.raw('ping');
      expect(xml2.headers.get('content-type')).toContain('application/xml');
      expect(await xml2.text()).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><subsonic-response xmlns="http:\/\/subsonic.org\/restapi" status="ok"/);
    });

    it('takes parameters from a form POST body (formPost)', async () => {
      const r = await h.t.app.request('/rest/getSong.view', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: query({ u: EMAIL, p: h.creds.password, f: 'json', id: String(harbourSongs[0]!.id) }),
      });
      const body = obj(((await r.json()) as Obj)['subsonic-response']);
      expect(body.status).toBe('ok');
      expect(obj(body.song).id).toBe(harbourSongs[0]!.id);
    });

    it('answers an unknown method with error 70 in the envelope, HTTP 200', async () => {
      const r = await api.raw('nonsense', { f: 'json' });
      expect(r.status).toBe(200);
      await failure('nonsense', {}, 70);
      await failure('getSong/extra', {}, 70);
      const put = await h.t.app.request(`/rest/ping?f=json`, { method: 'PUT' });
      expect(put.status).toBe(200);
      const preflight = await h.t.app.request('/rest/ping', { method: 'OPTIONS' });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('lists its OpenSubsonic extensions without credentials', async () => {
      const anon = client(h.t, {});
      const json = await anon.json('getOpenSubsonicExtensions');
      expectSchema('getOpenSubsonicExtensions', { 'subsonic-response': json });
      expect(json.openSubsonicExtensions).toEqual(EXTENSIONS.map((name) => ({ name, versions: [1] })));
      const { doc } = await anon.xml('getOpenSubsonicExtensions');
      const ext = many(obj(doc['subsonic-response']).openSubsonicExtensions as Obj[]);
      expect(ext.map((e) => e.name)).toEqual([...EXTENSIONS]);
      expect(ext[0]!.versions).toBe('1');
    });

    it('checks answers against the reference schemas strictly enough to catch a wrong one', () => {
      const base = { status: 'ok', version: '1.16.1', type: 'lyra', serverVersion: '1', openSubsonic: true };
      expect(() => expectSchema('getAlbum', { 'subsonic-response': base })).toThrow(/album/);
      expect(() => expectSchema('getSong', { 'subsonic-response': { ...base, song: { id: 's', isDir: false, title: 't', duration: 1.5 } } })).toThrow(/integer/);
      expect(() => expectSchema('getSong', { 'subsonic-response': { ...base, song: { id: 's', isDir: false, title: 't', duration: 1 } } })).not.toThrow();
    });

    it('answers getLicense, getMusicFolders and tokenInfo', async () => {
      expect((await both('getLicense')).json.license).toEqual({ valid: true });
      const folders = await both('getMusicFolders');
      expect(folders.json.musicFolders).toEqual({ musicFolder: [{ id: 1, name: 'Music' }] });
      expect(obj(obj(folders.xml.musicFolders).musicFolder)).toEqual({ id: '1', name: 'Music' });
      const keyed = client(h.t, { apiKey: h.creds.apiKey });
      const info = await keyed.json('tokenInfo');
      expectSchema('tokenInfo', { 'subsonic-response': info });
      expect(info.tokenInfo).toEqual({ username: EMAIL });
    });
  });
});
