import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { sdkFailure } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { signedInClient } from './test/sdk-users.js';

/**
 * A playlist's description (appwrite.json Playlist.description): optional, at most 300 characters
 * (counted as characters, so 300 emoji fit), set at creation or later by its owner alone; anything
 * longer is Appwrite's 400 document_inval_structure.
 */
describe.each(ENGINES)('playlist descriptions on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(engine, { RATE_LIMITS: 'off' });
  });
  afterAll(async () => s?.close());

  it('is kept with the playlist, changed by its owner, and limited to 300 characters', async () => {
    const ada = await signedInClient(s.baseUrl, 'ada');
    const plain = await ada.databases.createDocument('lyra', 'Playlist', ID.unique(), { userId: ada.userId, name: 'Plain' });
    expect(plain.description ?? '').toBe('');
    const made = await ada.databases.createDocument('lyra', 'Playlist', ID.unique(), { userId: ada.userId, name: 'Night bus', description: 'Songs for the ride home' });
    expect(made).toMatchObject({ name: 'Night bus', description: 'Songs for the ride home' });

    const moons = '🌙'.repeat(300);
    await ada.databases.updateDocument('lyra', 'Playlist', made.$id, { description: moons });
    expect((await ada.databases.getDocument('lyra', 'Playlist', made.$id)).description).toBe(moons);
    const tooLong = await sdkFailure(ada.databases.updateDocument('lyra', 'Playlist', made.$id, { description: 'x'.repeat(301) }));
    expect(tooLong).toMatchObject({ code: 400, type: 'document_invalid_structure' });
    expect(tooLong.message).toContain('description');
    const tooLongAtCreation = await sdkFailure(
      ada.databases.createDocument('lyra', 'Playlist', ID.unique(), { userId: ada.userId, name: 'Long', description: 'x'.repeat(301) }),
    );
    expect(tooLongAtCreation).toMatchObject({ code: 400, type: 'document_invalid_structure' });

    // Only its owner may change it.
    const bob = await signedInClient(s.baseUrl, 'bob');
    const refused = await sdkFailure(bob.databases.updateDocument('lyra', 'Playlist', made.$id, { description: 'Mine now' }));
    expect([401, 404]).toContain(refused.code);
    expect((await ada.databases.getDocument('lyra', 'Playlist', made.$id)).description).toBe(moons);
  });
});
