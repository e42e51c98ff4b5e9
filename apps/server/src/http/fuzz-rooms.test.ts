import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../test/db.js';
import { bodyOf, credentials, encodeLoose, expectAppwriteError, nasty, SEED, urlPart, useFuzzApp, type Req } from './test/fuzz-kit.js';

/**
 * Random bad input against the listening rooms API (backend-api.md §13),
 * signed in, signed out, with forged credentials and forged guest keys: no
 * answer is a 5xx, and every error is Appwrite's `{message, code, type,
 * version}`. A live room's id, a known command and songs that fit get requests
 * past validation into the work (the room is made, joined, driven and ended).
 */
const LIKELY = {
  command: ['play', 'pause', 'skip', 'seek'],
  positionMs: [0, 1000, 86_400_000, 86_400_001, -1, 1.5],
  songId: ['s1', 'Xk3pQ9aB', ''],
  durationMs: [1, 180_000, 0, 86_400_001, 2.5],
  name: ['Zoe', ' ', 'x'.repeat(65)],
};
const likely = (fields: string[]) => Object.fromEntries(fields.filter((f) => f in LIKELY).map((f) => [f, LIKELY[f as keyof typeof LIKELY]]));
const body = (...fields: string[]) => bodyOf(fields, likely(fields));

/** The room made by the first request of the run (the good user's), so later ones name a live room. */
const live = { roomId: '', entryId: '' };
const roomId = fc.oneof(
  { arbitrary: fc.constant(null).map(() => live.roomId), weight: 4 },
  { arbitrary: fc.constantFrom('0'.repeat(32), 'clock', 'x'.repeat(37)), weight: 1 },
  { arbitrary: urlPart, weight: 1 },
);
const entryId = fc.oneof(fc.constant(null).map(() => live.entryId), fc.constantFrom('0'.repeat(16), 'nope'), urlPart);
const roomKey = fc.option(fc.oneof(nasty.map(encodeLoose), fc.constant(`${'0'.repeat(16)}.${'f'.repeat(64)}`)), { nil: undefined });

const roomRequest: fc.Arbitrary<Req> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom<Req>({ method: 'GET', path: '/v1/rooms' }, { method: 'GET', path: '/v1/rooms/clock' }),
      fc.option(nasty).map((b): Req => ({ method: 'POST', path: '/v1/rooms', ...(b === null ? {} : { body: b }) })),
      roomId.map((id): Req => ({ method: 'GET', path: `/v1/rooms/${id}` })),
      fc.tuple(roomId, body('name')).map(([id, b]): Req => ({ method: 'POST', path: `/v1/rooms/${id}/members`, body: b })),
      roomId.map((id): Req => ({ method: 'POST', path: `/v1/rooms/${id}/presence` })),
      fc.tuple(roomId, body('songId', 'durationMs')).map(([id, b]): Req => ({ method: 'POST', path: `/v1/rooms/${id}/songs`, body: b })),
      fc.tuple(roomId, entryId).map(([id, e]): Req => ({ method: 'DELETE', path: `/v1/rooms/${id}/songs/${e}` })),
      fc.tuple(roomId, body('command', 'positionMs')).map(([id, b]): Req => ({ method: 'POST', path: `/v1/rooms/${id}/commands`, body: b })),
      { arbitrary: roomId.map((id): Req => ({ method: 'DELETE', path: `/v1/rooms/${id}` })), weight: 1 },
    ),
    fc.oneof({ arbitrary: fc.constant('good'), weight: 3 }, { arbitrary: fc.constant('other'), weight: 1 }, { arbitrary: credentials, weight: 1 }),
    roomKey,
  )
  .map(([req, cred, key]): Req => ({ ...req, cred, ...(key === undefined ? {} : { headers: { 'x-lyra-room-key': key } }) }));

describe.each(ENGINES)('no bad input to the listening rooms API ends in a server error (%s)', (engine) => {
  const { inProcess, property } = useFuzzApp(engine);

  /** A fresh live room of the good user with a song in it (after a fuzzed DELETE ended the last one). */
  async function freshRoom() {
    const made = await inProcess({ method: 'POST', path: '/v1/rooms', body: '{}', cred: 'good' });
    expect(made.status).toBe(201);
    live.roomId = (JSON.parse(made.text) as { room: { $id: string } }).room.$id;
    const added = await inProcess({ method: 'POST', path: `/v1/rooms/${live.roomId}/songs`, body: '{"songId":"s1","durationMs":180000}', cred: 'good' });
    live.entryId = (JSON.parse(added.text) as { entryId: string }).entryId;
  }

  it('rooms, joins, songs, commands, presence and the clock: every answer below 500, errors in Appwrite shape', async () => {
    await freshRoom();
    const send = async (r: Req) => {
      const res = await inProcess(r);
      if (res.status === 410) await freshRoom();
      return res;
    };
    await fc.assert(property(roomRequest, send, expectAppwriteError), { seed: SEED, numRuns: 600 });
  });
});
