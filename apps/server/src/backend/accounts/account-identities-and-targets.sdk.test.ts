import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { sdkFailure as failure } from '../test/sdk.js';
import { TIME, useServerWithUsers } from './test/fixtures.js';

/** The caller's own identities and push targets: created, changed and deleted only by their owner. */
describe.each(ENGINES)('JWTs, logs, status, email, phone, targets through the appwrite SDK (%s)', (engine) => {
  const { s, signedIn } = useServerWithUsers(engine, 'Sec');

  describe('identities', () => {
    it('deletes one of the caller\'s identities; another user\'s or an unknown one is 404', async () => {
      const { sdk, user } = await signedIn();
      const stranger = await signedIn();
      const at = new Date();
      for (const [id, owner] of [['ident-a', user.$id], ['ident-b', stranger.user.$id]] as const) {
        await s.testDb.db.query(
          `insert into identities (id, user_id, provider, provider_uid, provider_email, created_at, updated_at)
           values ($1, $2, 'oidc', $1, '', $3, $3)`,
          [id, owner, at],
        );
      }
      const NOT_FOUND = {
        code: 404,
        type: 'user_identity_not_found',
        message: 'The identity could not be found. Please sign in with OAuth provider to create identity first.',
      };
      expect(await failure(sdk.account.deleteIdentity({ identityId: 'ident-b' }))).toEqual(NOT_FOUND);
      await sdk.account.deleteIdentity({ identityId: 'ident-a' });
      expect((await sdk.account.listIdentities()).total).toBe(0);
      expect(await failure(sdk.account.deleteIdentity({ identityId: 'ident-a' }))).toEqual(NOT_FOUND);
    });
  });

  describe('push targets', () => {
    it('creates, updates and deletes the caller\'s push targets', async () => {
      const { sdk, user } = await signedIn();
      const targetId = ID.unique();
      const target = await sdk.account.createPushTarget({ targetId, identifier: 'fcm-token-1', providerId: 'fcm' });
      expect(target).toEqual({
        $id: targetId,
        $createdAt: expect.stringMatching(TIME),
        $updatedAt: expect.stringMatching(TIME),
        name: ' ',
        userId: user.$id,
        providerId: 'fcm',
        providerType: 'push',
        identifier: 'fcm-token-1',
        expired: false,
      });
      expect((await sdk.account.get()).targets.map((t) => t.$id)).toEqual([targetId]);
      expect((await sdk.account.updatePushTarget({ targetId, identifier: 'fcm-token-2' })).identifier).toBe('fcm-token-2');
      expect(await failure(sdk.account.createPushTarget({ targetId, identifier: 'x' }))).toEqual({
        code: 409,
        type: 'user_target_already_exists',
        message: 'A target with the same ID already exists.',
      });
      const stranger = await signedIn();
      const NOT_FOUND = { code: 404, type: 'user_target_not_found', message: 'The target could not be found.' };
      expect(await failure(stranger.sdk.account.updatePushTarget({ targetId, identifier: 'stolen' }))).toEqual(NOT_FOUND);
      expect(await failure(stranger.sdk.account.deletePushTarget({ targetId }))).toEqual(NOT_FOUND);
      await sdk.account.deletePushTarget({ targetId });
      expect((await sdk.account.get()).targets).toEqual([]);
      expect(await failure(sdk.account.deletePushTarget({ targetId }))).toEqual(NOT_FOUND);
      expect(await failure(sdk.account.createPushTarget({ targetId: '_bad', identifier: 'x' }))).toMatchObject({
        code: 400,
        type: 'general_argument_invalid',
      });
    });
  });
});
