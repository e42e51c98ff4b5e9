import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { createSdkClient, sdkFailure as failure } from '../test/sdk.js';
import { GUEST, useServerWithUsers } from './test/fixtures.js';

/**
 * Blocking one's own account (sessions and realtime sockets end), changing
 * the email or phone with the password, and mail written to DATA_DIR/outbox
 * when no mail server is set.
 */
describe.each(ENGINES)('JWTs, logs, status, email, phone, targets through the appwrite SDK (%s)', (engine) => {
  const { s, signedIn } = useServerWithUsers(engine, 'Sec');

  describe('status', () => {
    it('blocking the account ends every session and refuses sign-in', async () => {
      const { sdk, email } = await signedIn();
      const other = createSdkClient(s.baseUrl);
      await other.account.createEmailPasswordSession({ email, password: 'password123' });
      const user = await sdk.account.updateStatus();
      expect(user.status).toBe(false);
      expect(await failure(sdk.account.get())).toEqual(GUEST);
      expect(await failure(other.account.get())).toEqual(GUEST);
      expect(sdk.browser.jar.all()).toEqual([]);
      expect(await failure(other.account.createEmailPasswordSession({ email, password: 'password123' }))).toMatchObject({
        code: 403,
        type: 'user_blocked',
      });
      const rows = await s.testDb.db.query('select id from sessions where user_id = $1', [user.$id]);
      expect(rows).toEqual([]);
    });

    it('closes the realtime sockets of the blocked account', async () => {
      const { sdk, user } = await signedIn();
      const url = `${s.endpoint.replace('http:', 'ws:')}/realtime?project=lyra`;
      const ws = sdk.run(() => new (globalThis.WebSocket as unknown as new (u: string) => WebSocket)(url));
      const frames: { type: string; data: Record<string, unknown> }[] = [];
      let closed: number | null = null;
      ws.addEventListener('message', (m) => void frames.push(JSON.parse(String(m.data))));
      ws.addEventListener('close', (e) => void (closed = e.code));
      await expect.poll(() => frames[0], { timeout: 10_000 }).toMatchObject({ type: 'connected', data: { user: { $id: user.$id } } });
      await sdk.account.updateStatus();
      await expect.poll(() => closed, { timeout: 10_000 }).toBe(1008);
    });
  });

  describe('email and phone', () => {
    it('changes the email with the password; it is unverified again', async () => {
      const { sdk, email } = await signedIn();
      const user = await sdk.account.updateEmail({ email: `Changed-${email}`, password: 'password123' });
      expect(user).toMatchObject({ email: `changed-${email}`, emailVerification: false });
      expect(await failure(sdk.account.updateEmail({ email: `x-${email}`, password: 'wrong-password' }))).toEqual({
        code: 401,
        type: 'user_invalid_credentials',
        message: 'Invalid credentials. Please check the email and password.',
      });
      const other = await signedIn();
      expect(await failure(other.sdk.account.updateEmail({ email: `changed-${email}`, password: 'password123' }))).toEqual({
        code: 409,
        type: 'user_email_already_exists',
        message: 'A user with the same email already exists in the current project.',
      });
      expect(await failure(sdk.account.updateEmail({ email: 'not-an-email', password: 'password123' }))).toMatchObject({
        code: 400,
        type: 'general_argument_invalid',
      });
      await createSdkClient(s.baseUrl).account.createEmailPasswordSession({ email: `changed-${email}`, password: 'password123' });
    });

    it('stores an E.164 phone number with the password', async () => {
      const { sdk, n } = await signedIn();
      const phone = `+1415555${String(1000 + n)}`;
      expect(await sdk.account.updatePhone({ phone, password: 'password123' })).toMatchObject({ phone, phoneVerification: false });
      expect((await sdk.account.get()).phone).toBe(phone);
      expect(await failure(sdk.account.updatePhone({ phone: '0151 1234567', password: 'password123' }))).toEqual({
        code: 400,
        type: 'general_argument_invalid',
        message: "Invalid `phone` param: Phone number must start with a '+' can have a maximum of fifteen digits.",
      });
      expect(await failure(sdk.account.updatePhone({ phone: '+4915112345678', password: 'nope-nope' }))).toMatchObject({
        code: 401,
        type: 'user_invalid_credentials',
      });
      const other = await signedIn();
      expect(await failure(other.sdk.account.updatePhone({ phone, password: 'password123' }))).toEqual({
        code: 409,
        type: 'user_phone_already_exists',
        message: 'A user with the same phone number already exists in the current project.',
      });
    });
  });

  describe('mail without a mail server', () => {
    it('writes the verification mail as an .eml file to DATA_DIR/outbox', async () => {
      const { sdk, user } = await signedIn();
      await sdk.account.createEmailVerification({ url: `${s.baseUrl}/profile` });
      const outbox = join(s.dataDir, 'outbox');
      const files = await readdir(outbox);
      const emls = await Promise.all(files.map((f) => readFile(join(outbox, f), 'utf8')));
      const mine = emls.filter((m) => m.includes(`userId=3D${user.$id}`) || m.includes(`userId=${user.$id}`));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toContain('Subject: Verify your Lyra email address');
      expect(mine[0]).toContain(`To: ${user.email}`);
    });
  });
});
