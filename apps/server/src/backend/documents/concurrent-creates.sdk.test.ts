import { ID, Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { signedInClient } from './test/sdk-users.js';

/**
 * Many listeners' plays arriving at once while the database is busy with
 * other work: every History create (its creation limit counted, then the
 * document written) is a transaction of its own, and none may end in a server
 * error, however many run together and however long the queue of other
 * queries in front of them.
 */
/** 10 sign-ups an hour from one address (RATE_LIMITS=on, as in production). */
const LISTENERS = 10;
const PLAYS_EACH = 20;
/** Other queries kept waiting for the pool meanwhile, as many other listeners' reads would. */
const BACKGROUND_QUERIES = { pglite: 50, postgres: 1000 } as const;

type Client = Awaited<ReturnType<typeof signedInClient>>;

describe.each(ENGINES)('History creates under concurrency on %s', (engine) => {
  let s: TestServer;
  let listeners: Client[];
  beforeAll(async () => {
    s = await startTestServer(engine, { RATE_LIMITS: 'on' });
    listeners = [];
    for (let i = 0; i < LISTENERS; i++) listeners.push(await signedInClient(s.baseUrl, `listener${i}`));
  });
  afterAll(async () => s?.close());

  it(`records ${LISTENERS * PLAYS_EACH} plays sent at once over a busy database, with no 5xx and none lost`, async () => {
    let done = false;
    const background = (async () => {
      while (!done) await Promise.all(Array.from({ length: BACKGROUND_QUERIES[engine] }, () => s.testDb.db.query('select 1 as busy')));
    })();
    const plays = listeners.flatMap((l) =>
      Array.from({ length: PLAYS_EACH }, async (_, i) => {
        // As the web app does: record the play, then read the history again.
        await l.databases.createDocument('lyra', 'History', ID.unique(), { userId: l.userId, songId: `song-${i}` });
        await l.databases.listDocuments('lyra', 'History', [Query.equal('userId', l.userId), Query.orderDesc('$createdAt'), Query.limit(200)]);
      }),
    );
    const results = await Promise.allSettled(plays).finally(() => (done = true));
    await background;
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as Error).message)] : []));
    expect(failures).toEqual([]);
    const [row] = await s.testDb.db.query<{ n: number }>('select count(*)::int as n from doc_history');
    expect(row!.n).toBe(LISTENERS * PLAYS_EACH);
  });
});
