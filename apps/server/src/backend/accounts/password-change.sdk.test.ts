import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient, sdkFailure as failure, type SdkClient } from '../test/sdk.js';
import { GUEST, useServerWithUsers } from './test/fixtures.js';

/**
 * PATCH /account/password as Appwrite answers it with the project's session
 * invalidation on: the session that changed the password stays, every other
 * session ends (its cookies and JWTs stop working, its realtime sockets close).
 */
describe.each(ENGINES)('changing the password ends the other sessions (%s)', (engine) => {
  const { s, signedIn } = useServerWithUsers(engine, 'Pass');

  /** A realtime socket signed in as `sdk`'s session: its frames and, once closed, its close code (`ws` to close it). */
  const openSocket = async (sdk: SdkClient, userId: string) => {
    const url = `${s.endpoint.replace('http:', 'ws:')}/realtime?project=lyra&channels[]=account`;
    const ws = sdk.run(() => new (globalThis.WebSocket as unknown as new (u: string) => WebSocket)(url));
    const socket = { ws, frames: [] as { type: string; data: Record<string, unknown> }[], closed: null as number | null };
    ws.addEventListener('message', (m) => void socket.frames.push(JSON.parse(String(m.data))));
    ws.addEventListener('close', (e) => void (socket.closed = e.code));
    await expect.poll(() => socket.frames[0], { timeout: 10_000 }).toMatchObject({ type: 'connected', data: { user: { $id: userId } } });
    return socket;
  };

  it('keeps the current session; the others, their JWTs and their sockets end', async () => {
    const { sdk, user, email, session } = await signedIn();
    const phone = createSdkClient(s.baseUrl);
    await phone.account.createEmailPasswordSession({ email, password: 'password123' });
    const tablet = createSdkClient(s.baseUrl);
    await tablet.account.createEmailPasswordSession({ email, password: 'password123' });
    const { jwt } = await phone.account.createJWT();
    const phoneSocket = await openSocket(phone, user.$id);
    const ownSocket = await openSocket(sdk, user.$id);

    await sdk.account.updatePassword({ password: 'password456', oldPassword: 'password123' });

    expect(await failure(phone.account.get())).toEqual(GUEST);
    expect(await failure(tablet.account.get())).toEqual(GUEST);
    const byJwt = createSdkClient(s.baseUrl);
    byJwt.client.setJWT(jwt);
    expect(await failure(byJwt.account.get())).toEqual(GUEST);
    await expect.poll(() => phoneSocket.closed, { timeout: 10_000 }).toBe(1008);

    expect((await sdk.account.listSessions()).sessions.map((x) => [x.$id, x.current])).toEqual([[session.$id, true]]);
    expect(await sdk.account.get()).toMatchObject({ $id: user.$id });
    expect(ownSocket.closed).toBeNull();
    ownSocket.ws.close();
  });

  it('a wrong old password ends nothing', async () => {
    const { sdk, email } = await signedIn();
    const phone = createSdkClient(s.baseUrl);
    await phone.account.createEmailPasswordSession({ email, password: 'password123' });
    expect(await failure(sdk.account.updatePassword({ password: 'password456', oldPassword: 'not-the-password' }))).toMatchObject({
      code: 401,
      type: 'user_invalid_credentials',
    });
    expect((await phone.account.listSessions()).total).toBe(2);
  });
});
