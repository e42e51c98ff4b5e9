import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ENGINES } from '../test/db.js';
import { bodyOf, credentials, expectAppwriteError, nasty, SEED, urlPart, useFuzzApp, type Req } from './test/fuzz-kit.js';

/**
 * Random bad input against the devices API (play on another device,
 * backend-api.md §12), signed in, signed out and with forged credentials: no
 * answer is a 5xx, and every error is Appwrite's `{message, code, type,
 * version}`. Likely values (a device id, a known command, a report that fits)
 * get requests past validation into the work.
 */
const LIKELY = {
  command: ['play', 'pause', 'next', 'previous', 'seek', 'volume', 'enqueue', 'select'],
  positionMs: [0, 1000, 86_400_000, 86_400_001, -1, 1.5],
  volume: [0, 0.5, 1, 2, -0.1],
  songId: ['s1', 'Xk3pQ9aB', ''],
  index: [0, 1, 4999, 5000],
  name: ['Kitchen', ' ', 'x'.repeat(65)],
  claim: [true, false],
  queue: [['s1', 's2'], [], 's1', [1, 2]],
  nowPlaying: [
    null,
    { songId: 's1', index: 0, positionMs: 0, durationMs: 1000, playing: true, volume: 1 },
    { songId: 's2', index: 1, positionMs: 5, playing: false },
    { songId: 's1', index: 0, positionMs: 1e308, playing: 'yes' },
    [],
  ],
};
const likely = (fields: string[]) => Object.fromEntries(fields.filter((f) => f in LIKELY).map((f) => [f, LIKELY[f as keyof typeof LIKELY]]));
const body = (...fields: string[]) => bodyOf(fields, likely(fields));
const deviceId = fc.oneof(fc.constantFrom('dev-1', 'dev-2', 'names', 'x'.repeat(37)), urlPart);

const deviceRequest: fc.Arbitrary<Req> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom<Req>({ method: 'GET', path: '/v1/devices' }, { method: 'GET', path: '/v1/devices/names' }),
      fc.tuple(deviceId, body('nowPlaying', 'queue', 'claim')).map(([id, b]): Req => ({ method: 'PUT', path: `/v1/devices/${id}`, body: b })),
      deviceId.map((id): Req => ({ method: 'DELETE', path: `/v1/devices/${id}` })),
      fc.tuple(deviceId, body('command', 'positionMs', 'volume', 'songId', 'index')).map(([id, b]): Req => ({ method: 'POST', path: `/v1/devices/${id}/commands`, body: b })),
      fc.tuple(deviceId, fc.option(nasty)).map(([id, b]): Req => ({ method: 'POST', path: `/v1/devices/${id}/playback`, ...(b === null ? {} : { body: b }) })),
      fc.tuple(urlPart, body('name')).map(([id, b]): Req => ({ method: 'PUT', path: `/v1/devices/names/${id}`, body: b })),
    ),
    fc.oneof({ arbitrary: fc.constant('good'), weight: 3 }, { arbitrary: fc.constant('other'), weight: 1 }, { arbitrary: credentials, weight: 1 }),
  )
  .map(([req, cred]): Req => ({ ...req, cred }));

describe.each(ENGINES)('no bad input to the devices API ends in a server error (%s)', (engine) => {
  const { inProcess, property } = useFuzzApp(engine);

  it('devices, reports, commands, moving playback and names: every answer below 500, errors in Appwrite shape', async () => {
    await fc.assert(property(deviceRequest, inProcess, expectAppwriteError), { seed: SEED, numRuns: 600 });
  });
});
