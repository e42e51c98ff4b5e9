import { afterAll, beforeAll } from 'vitest';
import { createSdkClient, type SdkClient } from '../../backend/test/sdk.js';
import type { TestServer } from '../../backend/test/server.js';
import type { Engine } from '../../test/db.js';
import { checks, list, obj } from './checks.js';
import { client, EMAIL, PASSWORD, startServerHarness, type Client, type Harness } from './harness.js';

/**
 * What the tests of a listener's own data (user-data-*.test.ts: favourites,
 * playlists, plays and the rest) share: a listening server over the fixture
 * library, a Subsonic client and the same account signed in through the SDK
 * (the web app's view), and the ids of the album "Harbour Lights".
 */

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (polling) until `ok` holds. */
export async function until(ok: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await ok()) return;
    await pause(25);
  }
  throw new Error(`never happened: ${what}`);
}

export interface UserData {
  h: Harness & { t: TestServer };
  api: Client;
  c: ReturnType<typeof checks>;
  /** The listener's own browser (the web app's view of the same account). */
  web: SdkClient;
  /** The songs of "Harbour Lights", in album order. */
  songs: string[];
  albumId: string;
  artistId: string;
}

/** Starts the server before the describe's tests and stops it after them; the state is filled in before the first test. */
export function useUserData(engine: Engine): UserData {
  const state = {} as UserData;
  beforeAll(async () => {
    const h = await startServerHarness(engine);
    const api = client(h.t, { u: EMAIL, p: h.creds.password });
    Object.assign(state, { h, api, c: checks(api), web: createSdkClient(h.t.baseUrl) });
    await state.web.account.createEmailPasswordSession({ email: EMAIL, password: PASSWORD });
    const albums = list(obj((await api.json('getAlbumList2', { type: 'alphabeticalByName', size: '50' })).albumList2).album);
    const harbour = albums.find((a) => a.name === 'Harbour Lights')!;
    state.albumId = String(harbour.id);
    state.artistId = String(harbour.artistId);
    state.songs = list(obj((await api.json('getAlbum', { id: state.albumId })).album).song).map((s) => String(s.id));
  });
  afterAll(async () => {
    await state.web?.realtime.disconnect();
    await state.h?.close();
  });
  return state;
}
