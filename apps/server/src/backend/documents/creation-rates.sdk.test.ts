import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { expectRateLimited } from '../accounts/test/rate-limited.js';
import { createTestClock, type TestClock } from '../test/clock.js';
import { createSdkClient, sdkFailure, type SdkClient } from '../test/sdk.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { CREATION_RATES } from './rules/creation-rates.js';
import { secondDevice, signedInClient } from './test/sdk-users.js';

/**
 * How many documents a session and a user may create (RATE_LIMITS=on, the
 * default): over the limit, Appwrite's 429 general_rate_limit_exceeded with
 * Retry-After, counted per session and per user, and free again once the
 * window has passed. Feedback and plays need a signed-in account (SPEC#validation-feedback, SPEC#roles-anonymous-visitor).
 */
const FEEDBACK = CREATION_RATES.Feedback!;
const HISTORY = CREATION_RATES.History!;

describe.each(ENGINES)('document creation limits on %s', (engine) => {
  let s: TestServer;
  let clock: TestClock;
  beforeAll(async () => {
    clock = createTestClock();
    s = await startTestServer(engine, { RATE_LIMITS: 'on' }, undefined, { now: clock.now });
  });
  afterAll(async () => s?.close());

  /** A create as raw HTTP from the client's browser, so the answer's headers can be read. */
  const post = (c: SdkClient, collectionId: string, data: Record<string, unknown>) =>
    c.browser.fetch(`${s.endpoint}/databases/lyra/collections/${collectionId}/documents`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
      body: JSON.stringify({ documentId: 'unique()', data }),
    });
  const feedback = (c: SdkClient, n: number) =>
    c.databases.createDocument('lyra', 'Feedback', ID.unique(), { userName: 'Ada', message: `Lovely app, note ${n}` });

  it(`takes ${FEEDBACK.session.max} feedback messages a session per hour, then 429 with Retry-After until the hour has passed`, async () => {
    const ada = await signedInClient(s.baseUrl, 'ada');
    for (let i = 0; i < FEEDBACK.session.max; i++) await feedback(ada, i);
    await expectRateLimited(await post(ada, 'Feedback', { userName: 'Ada', message: 'One more thing' }), FEEDBACK.session.windowMs);
    // Other collections keep their own counts.
    await ada.databases.createDocument('lyra', 'History', ID.unique(), { userId: ada.userId, songId: 'song-1' });
    clock.advance(FEEDBACK.session.windowMs);
    expect((await feedback(ada, 99)).message).toBe('Lovely app, note 99');
  });

  it(`counts a user's feedback across sessions: ${FEEDBACK.user.max} a day, whatever the device`, async () => {
    const bob = await signedInClient(s.baseUrl, 'bob');
    const devices = [bob, await secondDevice(s.baseUrl, bob.email), await secondDevice(s.baseUrl, bob.email)];
    let sent = 0;
    for (const device of devices.slice(0, 2)) {
      for (let i = 0; i < FEEDBACK.session.max; i++) await feedback(device, sent++);
    }
    expect(sent).toBe(FEEDBACK.user.max);
    await expectRateLimited(await post(devices[2]!, 'Feedback', { userName: 'Bob', message: 'From the third device' }), FEEDBACK.user.windowMs);
    // Another user is not affected.
    const cat = await signedInClient(s.baseUrl, 'cat');
    expect((await feedback(cat, 1)).$id).toMatch(/^[0-9a-f]{20}$/);
  });

  it(`records ${HISTORY.session.max} plays a session in ${HISTORY.session.windowMs / 60_000} minutes, then 429`, async () => {
    const dan = await signedInClient(s.baseUrl, 'dan');
    for (let i = 0; i < HISTORY.session.max; i++) {
      await dan.databases.createDocument('lyra', 'History', ID.unique(), { userId: dan.userId, songId: `song-${i}` });
    }
    await expectRateLimited(await post(dan, 'History', { userId: dan.userId, songId: 'one-too-many' }), HISTORY.session.windowMs);
    clock.advance(HISTORY.session.windowMs);
    expect((await dan.databases.createDocument('lyra', 'History', ID.unique(), { userId: dan.userId, songId: 'later' })).songId).toBe('later');
  });

  it('refuses feedback from an anonymous session: sending feedback needs an account', async () => {
    const visitor = createSdkClient(s.baseUrl);
    await visitor.account.createAnonymousSession();
    expect(await sdkFailure(feedback(visitor, 1))).toEqual({
      code: 401,
      type: 'user_unauthorized',
      message: 'Sign in with an account to send feedback; anonymous sessions cannot.',
    });
  });
});
