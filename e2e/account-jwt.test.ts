/**
 * A JWT standing for the session, in Debian Chromium against the built
 * server: page scripts reach the backend through the official SDK as the app
 * ships it (its sdk-*.js chunk), in another browser with only the JWT.
 */
import { describe, expect, it } from 'vitest';
import { useAppSdk, type PageWithSdk } from './account-page-sdk.js';
import { logOut, useAccountRig } from './account-rig.js';
import { documentsPath, storedUser } from './signed-in-helpers.js';

const { rig, signUp } = useAccountRig();

describe('JWT', () => {
  it('a JWT from account.createJWT() stands for the session as X-Appwrite-JWT on /v1/account and on documents, until the session ends', async () => {
    const page = await rig.open('/profile');
    await signUp(page, 'Jay Token', 'jay@example.com', 'jay password 1');
    const me = (await storedUser(page))!;
    await useAppSdk(page);
    const { jwt } = await page.evaluate(() => {
      const { Client, Account } = (globalThis as PageWithSdk).lyraSdk;
      return new Account(new Client().setEndpoint(`${location.origin}/v1`).setProject('lyra')).createJWT();
    });
    expect(jwt.split('.')).toHaveLength(3);

    // Another browser, with no cookie and no stored session: only the JWT says who it is.
    const other = await rig.browser.newContext();
    try {
      const device = await other.newPage();
      const sent: { path: string; headers: Record<string, string> }[] = [];
      // A request still in flight when the context closes has no headers to read any more: it is left out.
      other.on('request', (r) =>
        void r.allHeaders().then(
          (headers) => sent.push({ path: new URL(r.url()).pathname, headers }),
          () => {},
        ),
      );
      await device.goto(`${rig.server.url}/`);
      await useAppSdk(device);
      const [, , , databaseId, , collectionId] = documentsPath('Favorite').split('/');
      const ask = (token: string) =>
        device.evaluate(
          async ({ token, databaseId, collectionId, userId }) => {
            const { Client, Account, Databases, outcome } = (globalThis as PageWithSdk).lyraSdk;
            const client = new Client().setEndpoint(`${location.origin}/v1`).setProject('lyra');
            if (token) client.setJWT(token);
            const db = new Databases(client);
            const created = await outcome(db.createDocument({ databaseId: databaseId!, collectionId: collectionId!, documentId: 'unique()', data: { userId, songId: 'song-by-jwt' } }));
            return {
              account: await outcome(new Account(client).get()),
              created: created.ok ? created.value.$permissions : created,
              listed: await outcome(db.listDocuments({ databaseId: databaseId!, collectionId: collectionId! }).then((l) => l.documents.map((d) => d.songId as string))),
            };
          },
          { token, databaseId, collectionId, userId: me.$id },
        );

      const withJwt = await ask(jwt);
      expect(withJwt.account).toMatchObject({ ok: true, value: { $id: me.$id, email: 'jay@example.com' } });
      expect(withJwt.created).toEqual(expect.arrayContaining([`read("user:${me.$id}")`]));
      expect(withJwt.listed).toEqual({ ok: true, value: ['song-by-jwt'] });
      const jwtCalls = () => sent.filter((r) => r.headers['x-appwrite-jwt'] === jwt);
      await expect
        .poll(() => jwtCalls().map((r) => r.path))
        .toEqual(expect.arrayContaining(['/v1/account', `/v1/databases/${databaseId}/collections/${collectionId}/documents`]));
      for (const call of jwtCalls()) expect(call.headers.cookie, call.path).toBeUndefined();

      const withoutJwt = await ask('');
      expect(withoutJwt.account).toEqual({ ok: false, code: 401, type: 'general_unauthorized_scope' });
      expect(withoutJwt.listed).toEqual({ ok: true, value: [] });

      // The JWT names the session: signing out there ends it.
      await logOut(page);
      const afterSignOut = await ask(jwt);
      expect(afterSignOut.account).toEqual({ ok: false, code: 401, type: 'general_unauthorized_scope' });
    } finally {
      await other.close();
    }
  });
});
