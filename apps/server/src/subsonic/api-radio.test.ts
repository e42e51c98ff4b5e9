import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hashPassword, usersStore } from '../backend/module.js';
import { ENGINES } from '../test/db.js';
import { issueCredentials } from './credentials.js';
import { loadOrCreateKey, secretBox } from './secret-box.js';
import { checks } from './test/checks.js';
import { client, type Client } from './test/harness.js';
import { list, obj, useLibraryApi } from './test/library-api.js';

/** Subsonic API: the server's internet radio stations, listed for everyone, changed by administrators. */
describe.each(ENGINES)('subsonic internet radio (%s)', (engine) => {
  const { state, both, failure } = useLibraryApi(engine);
  const stations = async () => list(obj((await both('getInternetRadioStations')).json.internetRadioStations).internetRadioStation);
  let other: Client | null = null;

  /** The harness's account is made an administrator; a second account is not one. */
  const setUp = async (): Promise<Client> => {
    const db = state.h.t.testDb.db;
    await db.query(`update users set labels = array['admin'] where id = $1`, [state.h.userId]);
    if (other) return other;
    const email = `radio-${engine}@example.org`;
    await usersStore(db).insert({ id: `u-radio-${engine}`, email, name: 'Listener Two', passwordHash: await hashPassword('another password'), emailVerification: true, at: new Date() });
    await db.query(`update users set labels = '{}' where id = $1`, [`u-radio-${engine}`]);
    const creds = await issueCredentials(db, secretBox(await loadOrCreateKey(state.h.t.dataDir)), email, { rotate: false, now: new Date() });
    return (other = client(state.h.t, { u: email, p: creds.password }));
  };

  it('lets an administrator add, change and remove stations, which every account lists by name', async () => {
    const listener = await setUp();
    const { once, xmlOk } = checks(state.api);
    expect(await stations()).toEqual([]);
    await once('createInternetRadioStation', { streamUrl: 'http://radio.example.org:8000/live.mp3', name: 'Night Shift FM', homepageUrl: 'https://radio.example.org/' });
    await xmlOk('createInternetRadioStation', { streamUrl: 'https://stream.example.com/aac', name: '  Coastline Radio ' });
    const made = await stations();
    expect(made.map((s) => [s.name, s.streamUrl, s.homePageUrl])).toEqual([
      ['Coastline Radio', 'https://stream.example.com/aac', undefined],
      ['Night Shift FM', 'http://radio.example.org:8000/live.mp3', 'https://radio.example.org/'],
    ]);
    const seen = await checks(listener).both('getInternetRadioStations');
    expect(list(obj(seen.json.internetRadioStations).internetRadioStation)).toEqual(made);

    const night = String(made[1]!.id);
    await once('updateInternetRadioStation', { id: night, streamUrl: 'https://radio.example.org/night.ogg', name: 'After Hours' });
    expect((await stations()).map((s) => [s.id, s.name, s.streamUrl, s.homePageUrl])).toEqual([
      [night, 'After Hours', 'https://radio.example.org/night.ogg', undefined],
      [made[0]!.id, 'Coastline Radio', 'https://stream.example.com/aac', undefined],
    ]);
    // Some clients send the answers' spelling.
    await once('updateInternetRadioStation', { id: night, streamUrl: 'https://radio.example.org/night.ogg', name: 'After Hours', homePageUrl: 'https://radio.example.org/night' });
    expect((await stations())[0]!.homePageUrl).toBe('https://radio.example.org/night');
    await once('deleteInternetRadioStation', { id: night });
    await xmlOk('deleteInternetRadioStation', { id: String(made[0]!.id) });
    expect(await stations()).toEqual([]);
  });

  it('refuses changes from an account that is not an administrator (50), which still lists the stations', async () => {
    const listener = await setUp();
    await checks(state.api).once('createInternetRadioStation', { streamUrl: 'https://radio.example.org/a.mp3', name: 'Kept' });
    const [kept] = await stations();
    const id = String(kept!.id);
    await failure('createInternetRadioStation', { streamUrl: 'https://radio.example.org/b.mp3', name: 'Mine' }, 50, listener);
    await failure('updateInternetRadioStation', { id, streamUrl: 'https://radio.example.org/b.mp3', name: 'Mine' }, 50, listener);
    await failure('deleteInternetRadioStation', { id }, 50, listener);
    const seen = list(obj((await listener.json('getInternetRadioStations')).internetRadioStations).internetRadioStation);
    expect(seen.map((s) => s.name)).toEqual(['Kept']);
    await checks(state.api).once('deleteInternetRadioStation', { id });
  });

  it("lists each station with a generated cover (coverArt) that getCoverArt sends at the size asked", async () => {
    await setUp();
    await checks(state.api).once('createInternetRadioStation', { streamUrl: 'https://radio.example.org/a.mp3', name: 'Harbour FM' });
    const [station] = await stations();
    expect(String(station!.coverArt)).toMatch(new RegExp(`^ra-${String(station!.id)}-[0-9a-f]{8}$`));
    for (const [size, px] of [['300', 300], ['', 500]] as const) {
      const r = await state.api.raw('getCoverArt', { id: String(station!.coverArt), ...(size ? { size } : {}) });
      expect([size, r.status, r.headers.get('content-type')]).toEqual([size, 200, 'image/jpeg']);
      expect((await sharp(Buffer.from(await r.arrayBuffer())).metadata()).width).toBe(px);
    }
    // Renamed: a new cover id; the old one is not found (70).
    await checks(state.api).once('updateInternetRadioStation', { id: String(station!.id), streamUrl: 'https://radio.example.org/a.mp3', name: 'Harbour FM 2' });
    const [renamed] = await stations();
    expect(renamed!.coverArt).not.toBe(station!.coverArt);
    await failure('getCoverArt', { id: String(station!.coverArt) }, 70);
    await checks(state.api).once('deleteInternetRadioStation', { id: String(station!.id) });
  });

  it('answers bad stations with the protocol codes and keeps nothing of them', async () => {
    await setUp();
    const url = 'https://radio.example.org/live';
    await failure('createInternetRadioStation', { streamUrl: url }, 10);
    await failure('createInternetRadioStation', { name: 'No address' }, 10);
    await failure('createInternetRadioStation', { streamUrl: url, name: '   ' }, 0);
    await failure('createInternetRadioStation', { streamUrl: url, name: 'x'.repeat(201) }, 0);
    await failure('createInternetRadioStation', { streamUrl: 'ftp://radio.example.org/live', name: 'FTP' }, 0);
    await failure('createInternetRadioStation', { streamUrl: 'javascript:alert(1)', name: 'Script' }, 0);
    await failure('createInternetRadioStation', { streamUrl: 'radio.example.org/live', name: 'Relative' }, 0);
    await failure('createInternetRadioStation', { streamUrl: url, name: 'Home', homepageUrl: 'file:///etc/passwd' }, 0);
    expect(await stations()).toEqual([]);
    await failure('updateInternetRadioStation', { id: 'no-such-station', streamUrl: url, name: 'Ghost' }, 70);
    await failure('updateInternetRadioStation', { streamUrl: url, name: 'Ghost' }, 10);
    await failure('deleteInternetRadioStation', { id: 'no-such-station' }, 70);
    await failure('deleteInternetRadioStation', {}, 10);
    await checks(state.api).once('createInternetRadioStation', { streamUrl: url, name: 'Real' });
    const [real] = await stations();
    await failure('updateInternetRadioStation', { id: String(real!.id), streamUrl: 'mailto:dj@example.org', name: 'Real' }, 0);
    expect((await stations()).map((s) => [s.name, s.streamUrl])).toEqual([['Real', url]]);
    await checks(state.api).once('deleteInternetRadioStation', { id: String(real!.id) });
  });
});
