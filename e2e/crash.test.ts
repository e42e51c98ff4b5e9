/**
 * A crash under write load (issue: restart after a crash): the built server
 * takes document writes from several clients at once, is killed with SIGKILL,
 * and is started again at once on the same data. Every write the server
 * acknowledged is there after the restart, and the restart is not refused by
 * the dead process's lock on the data folder. On PGlite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ID, Query } from 'appwrite';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInClient } from '../apps/server/src/backend/documents/test/sdk-users.js';
import { createSdkClient } from '../apps/server/src/backend/test/sdk.js';
import { createTestDb, ENGINES, type TestDb } from '../apps/server/src/test/db.js';
import { startServer, type ServerHandle } from './harness.js';

const WRITERS = 6;
/** Writes acknowledged before the crash: enough that some are surely in flight when it comes. */
const MIN_ACKNOWLEDGED = 20;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

describe.each(ENGINES)('a crash under write load on %s', (engine) => {
  it('keeps every acknowledged write, and the server starts again at once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lyra-crash-data-'));
    const musicDir = mkdtempSync(join(tmpdir(), 'lyra-crash-music-'));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }), async () => rmSync(musicDir, { recursive: true, force: true }));
    let testDb: TestDb | undefined;
    if (engine === 'postgres') {
      testDb = await createTestDb('postgres');
      await testDb.db.close();
      cleanup.push(() => testDb!.drop().catch(() => {}));
    }
    const env = { LOUDNESS_SCAN: 'off', ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}) };
    const start = () => startServer({ dataDir, musicDir, env, waitForTracks: false, timeoutMs: 60_000 });

    const first: ServerHandle = await start();
    cleanup.push(() => first.stop());
    const writer = await signedInClient(first.url, 'crash');
    const acknowledged: string[] = [];
    let n = 0;
    let crashed = false;
    const write = async () => {
      while (!crashed) {
        const songId = `song-${n++}`;
        try {
          const doc = await writer.databases.createDocument({ databaseId: 'lyra', collectionId: 'Favorite', documentId: ID.unique(), data: { userId: writer.userId, songId } });
          acknowledged.push(doc.$id);
        } catch {
          // Refused or cut off by the crash: not acknowledged, so nothing is promised.
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, write);
    // Killed once writes are flowing (counted, not timed: a busy machine acknowledges fewer a second).
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(MIN_ACKNOWLEDGED);
    await first.kill('SIGKILL');
    crashed = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(MIN_ACKNOWLEDGED);

    // At once: the lock file of the killed process is still there.
    const second = await start();
    cleanup.push(() => second.stop());
    const reader = createSdkClient(second.url);
    await reader.account.createEmailPasswordSession({ email: writer.email, password: 'password123' });
    const stored = new Set<string>();
    for (let offset = 0; ; offset += 100) {
      const page = await reader.databases.listDocuments({
        databaseId: 'lyra',
        collectionId: 'Favorite',
        queries: [Query.equal('userId', writer.userId), Query.orderAsc('$sequence'), Query.limit(100), Query.offset(offset)],
      });
      for (const d of page.documents) stored.add(d.$id);
      if (page.documents.length < 100) break;
    }
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });
});
