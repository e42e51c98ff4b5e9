import { afterAll, beforeAll, expect } from 'vitest';
import type { Engine } from '../../test/db.js';
import { checks, obj } from './checks.js';
import { expectSchema } from './openapi.js';
import { client, EMAIL, startHarness, xmlView, type Body, type Client, type Harness } from './harness.js';

/**
 * What the Subsonic API tests (api-*.test.ts) share: the harness over the
 * fixture library, a client signed in with the app password, the ids of Mira
 * Solen's album "Harbour Lights" found by browsing, and checks of an answer in
 * both formats.
 */

export { obj };
export type Obj = Record<string, unknown>;
export const list = (v: unknown): Obj[] => v as Obj[];
const RANDOM = new Set(['getRandomSongs:', 'getAlbumList2:random']);

export interface LibraryApi {
  h: Harness;
  api: Client;
  harbour: Obj;
  harbourSongs: Obj[];
  mira: Obj;
}

/**
 * Starts the harness before the describe's tests and closes it after them.
 * `state` is filled in before the first test; `both` and `failure` call
 * through its client.
 */
export function useLibraryApi(engine: Engine) {
  const state = {} as LibraryApi;
  beforeAll(async () => {
    const h = await startHarness(engine);
    const api = client(h.t, { u: EMAIL, p: h.creds.password });
    state.h = h;
    state.api = api;
    const list2 = await api.json('getAlbumList2', { type: 'alphabeticalByName', size: '50' });
    state.harbour = list(obj(list2.albumList2).album).find((a) => a.name === 'Harbour Lights')!;
    state.harbourSongs = list(obj((await api.json('getAlbum', { id: String(state.harbour.id) })).album).song);
    const artists = list(obj((await api.json('getArtists')).artists).index).flatMap((i) => list(i.artist));
    state.mira = artists.find((a) => a.name === 'Mira Solen')!;
  });
  afterAll(async () => {
    await state.h?.close();
  });

  /** JSON checked against the reference's schema, XML parsed; both must say ok. */
  const both = async (method: string, params: Record<string, string> = {}): Promise<{ json: Body; xml: Obj }> => {
    const json = await state.api.json(method, params);
    expect(json.error, method).toBeUndefined();
    expect(json.status).toBe('ok');
    expectSchema(method, { 'subsonic-response': json });
    const { doc, lists } = await state.api.xml(method, params);
    const root = obj(doc['subsonic-response']);
    expect(root.status, method).toBe('ok');
    expect(root.xmlns).toBe('http://subsonic.org/restapi');
    // Random lists differ between calls; every other answer must say in XML exactly what it says in JSON.
    if (!RANDOM.has(`${method}:${params.type ?? ''}`)) {
      expect(lists, method).toEqual({ 'subsonic-response': [{ xmlns: 'http://subsonic.org/restapi', ...obj(xmlView(json)) }] });
    }
    return { json, xml: root };
  };
  /** A call that must fail with `code`, in JSON (checked against the schema) and in XML. */
  const failure = (method: string, params: Record<string, string>, code: number, c: Client = state.api) =>
    checks(c).failure(method, params, code);
  return { state, both, failure };
}
